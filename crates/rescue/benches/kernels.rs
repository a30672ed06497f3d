//! The AVX2 kernel measurements behind crates/rescue/NOTES.md: independent
//! squares in flight, and whole permutations per batch layout, in TSC ticks
//! (minimum over many trials). They print figures; criterion's statistics do
//! not fit a minimum-of-trials tick count, so this bench has its own main.
//!
//! ```sh
//! cargo bench -p algebraic-hash-rescue --features kernel-measure --bench kernels
//! ```

fn main() {
    // `cargo test --benches` and `cargo bench -- --list` run the binary too;
    // only a real bench run measures.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        algebraic_hash_rescue::arch::x86_64_measure::square_kernel();
        algebraic_hash_rescue::arch::x86_64_measure::batch_layouts();
    }
    #[cfg(not(target_arch = "x86_64"))]
    println!("the kernel measurements are x86_64 only");
}
