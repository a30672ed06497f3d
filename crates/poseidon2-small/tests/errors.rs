//! Bad input is refused with a typed error, never reduced: values ≥ p,
//! wrong counts, unknown instance names.

use algebraic_hash::Error;
use algebraic_hash_poseidon2_small::field::{BabyBear, Field31, KoalaBear, Mersenne31};
use algebraic_hash_poseidon2_small::plonky3::*;
use algebraic_hash_poseidon2_small::state_from_u32s;

#[test]
fn values_at_or_above_p_are_refused() {
    for (p, name) in [
        (BabyBear::MODULUS, "BabyBear"),
        (KoalaBear::MODULUS, "KoalaBear"),
        (Mersenne31::MODULUS, "Mersenne31"),
    ] {
        let mut values = [0u32; 16];
        for bad in [p, p + 1, u32::MAX] {
            values[7] = bad;
            let refused = Some(Error::NotCanonical { field: name });
            let found = match name {
                "BabyBear" => BABYBEAR_16.permute_u32s(&values).err(),
                "KoalaBear" => KOALABEAR_16.permute_u32s(&values).err(),
                _ => MERSENNE31_16.permute_u32s(&values).err(),
            };
            assert_eq!(found, refused, "{name} {bad}");
        }
        // p − 1 is accepted (the vector files check Plonky3's answer on
        // all-(p − 1) states).
        values[7] = p - 1;
        let ok = match name {
            "BabyBear" => state_from_u32s::<BabyBear, 16>(&values).is_ok(),
            "KoalaBear" => state_from_u32s::<KoalaBear, 16>(&values).is_ok(),
            _ => state_from_u32s::<Mersenne31, 16>(&values).is_ok(),
        };
        assert!(ok, "{name} p - 1");
    }
}

#[test]
fn wrong_counts_are_refused() {
    assert_eq!(
        BABYBEAR_24.permute_u32s(&[0; 16]),
        Err(Error::WrongLength {
            what: "permutation state",
            expected: 24,
            found: 16
        })
    );
    assert!(matches!(
        MERSENNE31_16.permute_u32s(&[]),
        Err(Error::WrongLength { found: 0, .. })
    ));
}

#[test]
fn instances_by_name() {
    for instance in Instance::ALL {
        assert_eq!(instance.name().parse::<Instance>(), Ok(instance));
        assert!(instance.name().starts_with("poseidon2-plonky3-"));
        assert!(instance.name().ends_with(&instance.width().to_string()));
    }
    assert_eq!(
        "POSEIDON2-PLONKY3-BABYBEAR-16".parse::<Instance>(),
        Ok(Instance::BabyBear16)
    );
    assert!(matches!(
        "poseidon2-plonky3-babybear-32".parse::<Instance>(),
        Err(Error::Unsupported { .. })
    ));
}

#[test]
fn round_counts_are_plonky3s() {
    assert_eq!(BABYBEAR_16.constants().full_rounds(), 8);
    assert_eq!(BABYBEAR_16.constants().partial_rounds(), 13);
    assert_eq!(BABYBEAR_24.constants().partial_rounds(), 21);
    assert_eq!(KOALABEAR_16.constants().partial_rounds(), 20);
    assert_eq!(KOALABEAR_24.constants().partial_rounds(), 23);
    assert_eq!(MERSENNE31_16.constants().partial_rounds(), 14);
    assert_eq!(MERSENNE31_24.constants().partial_rounds(), 22);
}
