//! Every field's arithmetic against a plain `u64 % p` model, on random and
//! edge values; checked constructors refuse values ≥ p.

use algebraic_hash::Error;
use algebraic_hash_field31::{BabyBear, Field31, KoalaBear, Mersenne31};
use algebraic_hash_testkit::{Rng64, cases};

fn edges(p: u32) -> Vec<u64> {
    let p = u64::from(p);
    vec![
        0,
        1,
        2,
        p - 1,
        p - 2,
        p / 2,
        p / 2 + 1,
        (1 << 30) - 1,
        1 << 30,
    ]
}

fn check_field<F: Field31>(seed: u64) {
    let p = u64::from(F::MODULUS);
    let edge: &'static [u64] = Box::leak(edges(F::MODULUS).into_boxed_slice());
    let mut rng = Rng64::new(seed, p, edge);
    let element = |v: u64| F::from_canonical(v as u32).expect("canonical");
    for _ in 0..cases(200_000) {
        let (a, b) = (rng.element(), rng.element());
        let (x, y) = (element(a), element(b));
        assert_eq!(x.to_canonical() as u64, a, "{} round trip", F::NAME);
        assert_eq!(
            (x + y).to_canonical() as u64,
            (a + b) % p,
            "{} {a} + {b}",
            F::NAME
        );
        assert_eq!(
            (x - y).to_canonical() as u64,
            (a + p - b) % p,
            "{} {a} - {b}",
            F::NAME
        );
        assert_eq!(
            (x * y).to_canonical() as u64,
            a * b % p,
            "{} {a} * {b}",
            F::NAME
        );
        assert_eq!((-x).to_canonical() as u64, (p - a) % p, "{} -{a}", F::NAME);
        assert_eq!(
            x.square().to_canonical() as u64,
            a * a % p,
            "{} {a}^2",
            F::NAME
        );
        assert_eq!(
            x.double().to_canonical() as u64,
            2 * a % p,
            "{} 2·{a}",
            F::NAME
        );
        let wide = rng.u64();
        assert_eq!(F::from_u64_reduced(wide).to_canonical() as u64, wide % p);
        assert_eq!(x == y, a == b);
    }
    // Multiplication by 2^k and 2^-k, every k, against the model.
    let inverse_of_two = p.div_ceil(2);
    for _ in 0..cases(2_000) {
        let a = rng.element();
        let x = element(a);
        let (mut up, mut down) = (a, a);
        for k in 0..31u32 {
            assert_eq!(
                x.mul_2exp(k).to_canonical() as u64,
                up,
                "{} {a}·2^{k}",
                F::NAME
            );
            assert_eq!(
                x.div_2exp(k).to_canonical() as u64,
                down,
                "{} {a}·2^-{k}",
                F::NAME
            );
            up = up * 2 % p;
            down = down * inverse_of_two % p;
        }
    }
    // Exponentiation against repeated multiplication in the model.
    for e in 0..40u64 {
        let a = rng.element();
        let mut expected = 1u64;
        for _ in 0..e {
            expected = expected * a % p;
        }
        assert_eq!(element(a).exp_u64(e).to_canonical() as u64, expected);
    }
    assert_eq!(F::ZERO.to_canonical(), 0);
    assert_eq!(F::ONE.to_canonical(), 1);
    assert_eq!(F::default(), F::ZERO);
    check_exact_sums::<F>(&mut rng);
}

/// `Lanes::narrow` of a sum of `Lanes::widen`s equals the sum mod p: every
/// count up to 64 terms (the rounds add at most 49), of random and edge
/// values, all `p − 1` among them, and the largest sum the trait allows
/// (1 024 terms of `p − 1`).
fn check_exact_sums<F: Field31>(rng: &mut Rng64) {
    assert!(F::WIDE_IS_EXACT, "{}: one element sums exactly", F::NAME);
    let p = u64::from(F::MODULUS);
    let element = |v: u64| F::from_canonical(v as u32).expect("canonical");
    for count in 1..=64 {
        for round in 0..cases(50) {
            let values: Vec<u64> = (0..count)
                .map(|_| if round == 0 { p - 1 } else { rng.element() })
                .collect();
            let elements: Vec<F> = values.iter().map(|&v| element(v)).collect();
            let mut wide = elements[0].widen();
            for x in &elements[1..] {
                wide = wide + x.widen();
            }
            let expected = values.iter().sum::<u64>() % p;
            assert_eq!(
                F::narrow(wide).to_canonical() as u64,
                expected,
                "{}: {values:?}",
                F::NAME
            );
        }
    }
    // 1 024 terms of p − 1, by doublings.
    let mut wide = element(p - 1).widen();
    for _ in 0..10 {
        wide = wide + wide;
    }
    let count = 1u64 << 10;
    assert_eq!(
        F::narrow(wide).to_canonical() as u64,
        (p - 1) * count % p,
        "{}: {count} terms of p − 1",
        F::NAME
    );
}

fn check_refusals<F: Field31>() {
    let p = F::MODULUS;
    let refused = Err(Error::NotCanonical { field: F::NAME });
    assert!(F::from_canonical(p).is_none());
    assert!(F::from_canonical(u32::MAX).is_none());
    assert_eq!(F::try_from_u64(u64::from(p)), refused);
    assert_eq!(F::try_from_u64(u64::from(p) + (1 << 32)), refused);
    assert_eq!(F::try_from_u64(u64::MAX), refused);
    assert_eq!(F::from_str_checked(&p.to_string()), refused);
    assert_eq!(F::from_str_checked("99999999999999999999999"), refused);
    assert!(matches!(
        F::from_str_checked("12a"),
        Err(Error::MalformedNumber { .. })
    ));
    assert!(matches!(
        F::from_str_checked(""),
        Err(Error::MalformedNumber { .. })
    ));
    let top = F::from_str_checked(&(p - 1).to_string()).unwrap();
    assert_eq!(top.to_canonical(), p - 1);
    assert_eq!(format!("{top}"), (p - 1).to_string());
    assert_eq!(format!("{top:?}"), (p - 1).to_string());
    assert_eq!(F::from_str_checked("0x10").unwrap().to_canonical(), 16);
    assert_eq!(top.to_string().parse::<u64>().unwrap(), u64::from(p - 1));
}

#[test]
fn babybear_matches_the_model() {
    assert_eq!(BabyBear::MODULUS, 15 * (1 << 27) + 1);
    check_field::<BabyBear>(1);
    check_refusals::<BabyBear>();
}

#[test]
fn koalabear_matches_the_model() {
    assert_eq!(KoalaBear::MODULUS, (1 << 31) - (1 << 24) + 1);
    check_field::<KoalaBear>(2);
    check_refusals::<KoalaBear>();
}

#[test]
fn mersenne31_matches_the_model() {
    assert_eq!(Mersenne31::MODULUS, (1 << 31) - 1);
    check_field::<Mersenne31>(3);
    check_refusals::<Mersenne31>();
}

#[test]
fn const_constructors_reduce() {
    let p = BabyBear::MODULUS;
    assert_eq!(BabyBear::new_reduced(p + 5).to_canonical(), 5);
    assert_eq!(
        KoalaBear::new_array([1, KoalaBear::MODULUS])[1].to_canonical(),
        0
    );
    assert_eq!(Mersenne31::new_reduced(u32::MAX).to_canonical(), 1);
}

/// `Lanes::narrow` on every wide value the contract allows (below 2^41,
/// 1 024 terms of p − 1), the field types' `Wide` being `u64`: random
/// values of every size and the edges around multiples of p.
fn check_narrow_range<F: Field31<Wide = u64>>(seed: u64) {
    let p = u64::from(F::MODULUS);
    let top = 1u64 << 41;
    let mut rng = Rng64::new(seed, u64::MAX, &[0]);
    let mut values = vec![0, 1, top - 1, 1024 * (p - 1)];
    for k in [1, 2, 3, 64, 1023, 1024] {
        values.extend([k * p - 1, k * p, k * p + 1]);
    }
    for _ in 0..cases(200_000) {
        let bits = 1 + rng.u64() % 41;
        values.push(rng.u64() >> (64 - bits));
    }
    for x in values {
        assert!(x < top);
        assert_eq!(
            F::narrow(x).to_stored() as u64,
            x % p,
            "{}: narrow({x})",
            F::NAME
        );
    }
}

#[test]
fn narrow_reduces_every_allowed_sum() {
    check_narrow_range::<BabyBear>(11);
    check_narrow_range::<KoalaBear>(12);
    check_narrow_range::<Mersenne31>(13);
}
