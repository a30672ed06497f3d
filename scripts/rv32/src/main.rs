//! Bare-metal riscv32imac guest for instruction counts (see README.md).
//!
//! It runs one permutation or hash of each instance twice, each run between
//! two "marker" system calls (`ecall` with an unassigned number that qemu
//! answers with ENOSYS). The TCG plugin in `plugin/` prints the instructions
//! executed since the previous marker at each one; `run.sh` joins those
//! counts with the lines this program writes to stdout and checks every
//! output against the vector files in `test-vectors/`.
//!
//! Output, one line per measured case:
//! `<first-mark> <repeat-mark> <label> <vector-file> <fn> <inputs> <outputs>`
//! with inputs and outputs as comma-separated decimals.
//!
//! System calls follow the Linux riscv32 ABI (number in a7, arguments in
//! a0..a2), so qemu-riscv32 in user mode runs the binary as it is.

#![no_std]
#![no_main]

extern crate alloc;

mod mont32;

use core::alloc::{GlobalAlloc, Layout};
use core::arch::asm;
use core::cell::UnsafeCell;
use core::fmt::{self, Display, Write};
use core::hint::black_box;

use algebraic_hash_montgomery::{Arith, Portable};
use ark_ff::{BigInt, Field};

use algebraic_hash_poseidon::{Fr, circom, poseidon2};
use algebraic_hash_rescue::{Felt, Rp64_256, STATE_WIDTH};

/// Linux `write`.
const SYS_WRITE: usize = 64;
/// Linux `exit_group`.
const SYS_EXIT_GROUP: usize = 94;
/// Unassigned system call number: the plugin's marker (see plugin/count.c).
const SYS_MARK: usize = 0x7a11;

fn syscall3(number: usize, a0: usize, a1: usize, a2: usize) -> isize {
    let ret: isize;
    // SAFETY: `ecall` with the Linux ABI: the number in a7, arguments in
    // a0..a2, result in a0; the calls used here (write, exit_group, an
    // unassigned number) read at most the `a2` bytes at `a1`, which callers
    // pass from a live slice, and touch no other memory of this program.
    unsafe {
        asm!(
            "ecall",
            in("a7") number,
            inlateout("a0") a0 => ret,
            in("a1") a1,
            in("a2") a2,
            options(nostack),
        );
    }
    ret
}

fn exit(code: usize) -> ! {
    syscall3(SYS_EXIT_GROUP, code, 0, 0);
    // exit_group does not return; spin if an emulator ever lets it.
    loop {
        core::hint::spin_loop();
    }
}

/// Tells the counting plugin to print the instructions since the last marker,
/// labelled `id`.
#[inline(never)]
fn mark(id: usize) {
    syscall3(SYS_MARK, id, 0, 0);
}

/// Standard output through `write(1, ...)`.
struct Stdout;

impl Write for Stdout {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut bytes = s.as_bytes();
        while !bytes.is_empty() {
            let n = syscall3(SYS_WRITE, 1, bytes.as_ptr() as usize, bytes.len());
            if n <= 0 {
                return Err(fmt::Error);
            }
            bytes = &bytes[n as usize..];
        }
        Ok(())
    }
}

/// Arena of the bump allocator: arkworks needs `alloc` linked, the measured
/// code paths themselves do not allocate (only decimal printing does).
const ARENA_SIZE: usize = 1 << 20;

struct Bump {
    arena: UnsafeCell<[u8; ARENA_SIZE]>,
    next: UnsafeCell<usize>,
}

// SAFETY: the guest is single-threaded (no thread is ever spawned and
// interrupts do not exist in qemu user mode), so the cells are never accessed
// concurrently.
unsafe impl Sync for Bump {}

// SAFETY: every returned block lies inside the arena, is aligned as asked
// (the offset is rounded up from the arena's address) and never overlaps
// another one (`next` only grows); null is returned when the arena is full.
unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let base = self.arena.get() as usize;
        // SAFETY: single-threaded (see `Sync` above): no other reference to
        // `next` is alive.
        let next = unsafe { &mut *self.next.get() };
        let start = (base + *next).next_multiple_of(layout.align()) - base;
        match start.checked_add(layout.size()) {
            Some(end) if end <= ARENA_SIZE => {
                *next = end;
                // SAFETY: `start <= ARENA_SIZE`: in bounds of the arena.
                unsafe { self.arena.get().cast::<u8>().add(start) }
            }
            _ => core::ptr::null_mut(),
        }
    }

    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}

#[global_allocator]
static ALLOCATOR: Bump = Bump {
    arena: UnsafeCell::new([0; ARENA_SIZE]),
    next: UnsafeCell::new(0),
};

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    let _ = writeln!(Stdout, "panic: {info}");
    exit(101)
}

/// Comma-separated list.
struct List<'a, T>(&'a [T]);

impl<T: Display> Display for List<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{x}")?;
        }
        Ok(())
    }
}

/// Marker ids: 1 and 2 delimit the empty region (the marker's own cost),
/// then two per case.
struct Marks(usize);

impl Marks {
    fn next(&mut self) -> usize {
        self.0 += 1;
        self.0
    }
}

/// Runs `f` twice on `input`, each run between markers, and prints the case.
fn case<T: Copy + Display + PartialEq, const N: usize, const M: usize>(
    marks: &mut Marks,
    label: &str,
    file: &str,
    func: &str,
    input: [T; N],
    f: impl Fn([T; N]) -> [T; M],
) {
    let (first, repeat) = (marks.next(), marks.next());
    mark(0);
    let out = black_box(f(black_box(input)));
    mark(first);
    let again = black_box(f(black_box(input)));
    mark(repeat);
    assert!(out == again, "{label}: repeat differs");
    let _ = writeln!(
        Stdout,
        "{first} {repeat} {label} {file} {func} {} {}",
        List(&input),
        List(&out)
    );
}

fn fr<const N: usize>(values: [u64; N]) -> [Fr; N] {
    values.map(Fr::from)
}

fn run() {
    let mut marks = Marks(0);
    // The empty region: what a marker pair itself costs.
    let (first, repeat) = (marks.next(), marks.next());
    mark(0);
    mark(first);
    mark(repeat);
    let _ = writeln!(Stdout, "{first} {repeat} empty - - - -");

    for (label, file, set) in [
        ("poseidon2-old", "poseidon2_old", poseidon2::ParamSet::Old),
        ("poseidon2-new", "poseidon2_new", poseidon2::ParamSet::New),
    ] {
        let p2 = poseidon2::Poseidon2::<2>::new(set);
        let p3 = poseidon2::Poseidon2::<3>::new(set);
        let p4 = poseidon2::Poseidon2::<4>::new(set);
        case(
            &mut marks,
            &alloc::format!("{label}-t2"),
            &alloc::format!("{file}_t2"),
            "permutation",
            fr([0, 1]),
            |s| p2.permutation(&s),
        );
        case(
            &mut marks,
            &alloc::format!("{label}-t3"),
            &alloc::format!("{file}_t3"),
            "permutation",
            fr([0, 1, 2]),
            |s| p3.permutation(&s),
        );
        case(
            &mut marks,
            &alloc::format!("{label}-t4"),
            &alloc::format!("{file}_t4"),
            "permutation",
            fr([0, 1, 2, 3]),
            |s| p4.permutation(&s),
        );
    }

    let hash = |inputs: &[Fr]| [circom::poseidon(inputs).expect("1..=16 inputs")];
    case(
        &mut marks,
        "circom-poseidon-t2",
        "circom_t2",
        "poseidon",
        fr([1]),
        |s| hash(&s),
    );
    case(
        &mut marks,
        "circom-poseidon-t3",
        "circom_t3",
        "poseidon",
        fr([1, 2]),
        |s| hash(&s),
    );
    case(
        &mut marks,
        "circom-poseidon-t4",
        "circom_t4",
        "poseidon",
        fr([1, 2, 3]),
        |s| hash(&s),
    );
    case(
        &mut marks,
        "circom-poseidon-t5",
        "circom_t5",
        "poseidon",
        fr([1, 2, 3, 4]),
        |s| hash(&s),
    );

    // Single field operations, to read the permutations' costs against.
    let (a, b) = (
        -Fr::from(3u64) / Fr::from(7u64),
        Fr::from(0x1234_5678_9abc_def0u64).square().square(),
    );
    case(&mut marks, "fr-mul", "-", "-", [a, b], |[x, y]| [x * y]);
    case(&mut marks, "fr-square", "-", "-", [a], |[x]| [x.square()]);
    case(&mut marks, "fr-add", "-", "-", [a, b], |[x, y]| [x + y]);
    let arith = Arith::<ark_bn254::FrConfig, Portable, 4>::new(Portable);
    let ours = |x: Fr, y: Fr| Fr::new_unchecked(BigInt(arith.mul_reduced(&x.0.0, &y.0.0)));
    case(
        &mut marks,
        "poseidon-mont-mul",
        "-",
        "-",
        [a, b],
        |[x, y]| [ours(x, y)],
    );
    assert!(
        ours(a, b) == a * b,
        "the Montgomery core's product differs from arkworks'"
    );
    let limbs = [mont32::Limbs::from(&a), mont32::Limbs::from(&b)];
    case(&mut marks, "mont32-mul", "-", "-", limbs, |[x, y]| {
        [mont32::mont_mul(&x, &y)]
    });
    assert!(
        mont32::mont_mul(&limbs[0], &limbs[1]) == mont32::Limbs::from(&(a * b)),
        "32-bit Montgomery product differs from arkworks'"
    );

    let mut state = [Felt::ZERO; STATE_WIDTH];
    for (i, x) in state.iter_mut().enumerate() {
        *x = Felt::from(i as u32);
    }
    case(
        &mut marks,
        "rescue-rp64_256",
        "rp64_256",
        "apply_permutation",
        state,
        |mut s| {
            Rp64_256::apply_permutation(&mut s);
            s
        },
    );
}

#[unsafe(no_mangle)]
extern "C" fn _start() -> ! {
    run();
    exit(0)
}
