//! Links the hashes into a bare-metal program: Rescue alone needs no
//! allocator; with the `arkworks` feature (Poseidon, Anemoi: arkworks links
//! the `alloc` crate) a `#[global_allocator]` must exist — a bump allocator
//! over a static buffer here.
#![no_std]
#![no_main]

use core::hint::black_box;
use core::panic::PanicInfo;

use algebraic_hash_rescue::{Felt, Rp64_256};

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {}
}

#[cfg(feature = "arkworks")]
mod heap {
    use core::alloc::{GlobalAlloc, Layout};
    use core::cell::UnsafeCell;
    use core::sync::atomic::{AtomicUsize, Ordering};

    const SIZE: usize = 16 * 1024;

    pub struct Bump {
        heap: UnsafeCell<[u8; SIZE]>,
        next: AtomicUsize,
    }

    // SAFETY: `next` is advanced atomically, so no two allocations share bytes.
    unsafe impl Sync for Bump {}

    // SAFETY: every returned block lies inside `heap`, is aligned as asked,
    // and is never handed out twice; `dealloc` frees nothing (allowed).
    unsafe impl GlobalAlloc for Bump {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let base = self.heap.get() as usize;
            let mut start = 0;
            let update = self
                .next
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |next| {
                    start = (base + next).next_multiple_of(layout.align()) - base;
                    let end = start.checked_add(layout.size())?;
                    (end <= SIZE).then_some(end)
                });
            match update {
                Ok(_) => (base + start) as *mut u8,
                Err(_) => core::ptr::null_mut(),
            }
        }

        unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
    }

    #[global_allocator]
    static ALLOCATOR: Bump = Bump {
        heap: UnsafeCell::new([0; SIZE]),
        next: AtomicUsize::new(0),
    };
}

#[cfg(feature = "arkworks")]
fn arkworks_families() {
    use algebraic_hash::Permutation;
    use algebraic_hash_anemoi::{Anemoi, Version};
    use algebraic_hash_poseidon::{Fr, circom, poseidon2};

    let a = black_box(Fr::from(1u64));
    black_box(circom::poseidon(&[a, a]).ok());
    black_box(poseidon2::NEW_T4.hash(&[a]));
    let anemoi = Anemoi::<ark_bn254::Fq, 1, 2>::new(Version::Crypto2023);
    black_box(anemoi.permute([ark_bn254::Fq::from(1u64); 2]));
}

#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let x = black_box(Felt::ONE);
    black_box(Rp64_256::hash_elements(&[x, x]));
    black_box(Rp64_256::hash(b"no_std"));
    #[cfg(feature = "arkworks")]
    arkworks_families();
    loop {}
}
