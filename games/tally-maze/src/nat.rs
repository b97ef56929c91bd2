//! [`Nat`]: the natural numbers of any size that the maze enumeration
//! needs. A 12×12 board has
//! 254,377,512,893,447,941,210,664,002,794,210,519,990,861,507,330,048
//! mazes, far more than a `u128` holds, and the original numbers them with
//! Racket's exact integers. Only what the enumeration uses is here:
//! addition, subtraction, multiplication, division with remainder,
//! comparison, decimal text and bytes.

use std::cmp::Ordering;
use std::fmt;

/// A natural number of any size: little-endian 32-bit limbs, no zero limb
/// at the top (zero is no limbs).
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Nat {
    limbs: Vec<u32>,
}

impl Nat {
    /// Zero.
    pub const ZERO: Nat = Nat { limbs: Vec::new() };

    /// One.
    pub fn one() -> Nat {
        Nat::from(1u64)
    }

    fn trimmed(mut limbs: Vec<u32>) -> Nat {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Nat { limbs }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of bits it takes (0 for zero).
    pub fn bits(&self) -> u32 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => 32 * (self.limbs.len() as u32 - 1) + (32 - top.leading_zeros()),
        }
    }

    /// The value as a `u128`, when it fits.
    pub fn to_u128(&self) -> Option<u128> {
        if self.limbs.len() > 4 {
            return None;
        }
        Some(
            self.limbs
                .iter()
                .rev()
                .fold(0u128, |acc, &l| (acc << 32) | u128::from(l)),
        )
    }

    /// The value as a `u64`, when it fits.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|v| u64::try_from(v).ok())
    }

    fn from_u128(mut v: u128) -> Nat {
        let mut limbs = Vec::new();
        while v != 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        Nat { limbs }
    }

    /// `self + other`.
    pub fn add(&self, other: &Nat) -> Nat {
        let (long, short) = if self.limbs.len() >= other.limbs.len() {
            (&self.limbs, &other.limbs)
        } else {
            (&other.limbs, &self.limbs)
        };
        let mut out = Vec::with_capacity(long.len() + 1);
        let mut carry = 0u64;
        for (i, &l) in long.iter().enumerate() {
            let sum = u64::from(l) + u64::from(short.get(i).copied().unwrap_or(0)) + carry;
            out.push(sum as u32);
            carry = sum >> 32;
        }
        if carry != 0 {
            out.push(carry as u32);
        }
        Nat { limbs: out }
    }

    /// `self - other`, or `None` when `other` is larger.
    pub fn checked_sub(&self, other: &Nat) -> Option<Nat> {
        if self < other {
            return None;
        }
        let mut out = Vec::with_capacity(self.limbs.len());
        let mut borrow = 0i64;
        for (i, &l) in self.limbs.iter().enumerate() {
            let mut d = i64::from(l) - i64::from(other.limbs.get(i).copied().unwrap_or(0)) - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 32;
                borrow = 1;
            }
            out.push(d as u32);
        }
        Some(Nat::trimmed(out))
    }

    /// `self * other`.
    pub fn mul(&self, other: &Nat) -> Nat {
        if self.is_zero() || other.is_zero() {
            return Nat::ZERO;
        }
        let mut out = vec![0u32; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.limbs.iter().enumerate() {
                let t = u64::from(a) * u64::from(b) + u64::from(out[i + j]) + carry;
                out[i + j] = t as u32;
                carry = t >> 32;
            }
            let mut k = i + other.limbs.len();
            while carry != 0 {
                let t = u64::from(out[k]) + carry;
                out[k] = t as u32;
                carry = t >> 32;
                k += 1;
            }
        }
        Nat::trimmed(out)
    }

    /// `self * small`.
    pub fn mul_small(&self, small: u32) -> Nat {
        self.mul(&Nat::from(u64::from(small)))
    }

    /// Quotient and remainder of `self / divisor`, Racket's
    /// `quotient/remainder`.
    ///
    /// # Panics
    ///
    /// When `divisor` is zero.
    pub fn div_rem(&self, divisor: &Nat) -> (Nat, Nat) {
        assert!(!divisor.is_zero(), "division by zero");
        if let (Some(a), Some(b)) = (self.to_u128(), divisor.to_u128()) {
            return (Nat::from_u128(a / b), Nat::from_u128(a % b));
        }
        if self < divisor {
            return (Nat::ZERO, self.clone());
        }
        if divisor.limbs.len() == 1 {
            let d = u64::from(divisor.limbs[0]);
            let mut q = vec![0u32; self.limbs.len()];
            let mut rem = 0u64;
            for (i, &l) in self.limbs.iter().enumerate().rev() {
                let cur = (rem << 32) | u64::from(l);
                q[i] = (cur / d) as u32;
                rem = cur % d;
            }
            return (Nat::trimmed(q), Nat::from(rem));
        }
        // Binary long division: small numbers of a few hundred bits.
        let mut q = vec![0u32; self.limbs.len()];
        let mut r = Nat::ZERO;
        for bit in (0..self.bits()).rev() {
            r = r.shl1(self.bit(bit));
            if r >= *divisor {
                r = r.checked_sub(divisor).expect("r >= divisor");
                q[(bit / 32) as usize] |= 1 << (bit % 32);
            }
        }
        (Nat::trimmed(q), r)
    }

    fn bit(&self, i: u32) -> bool {
        self.limbs
            .get((i / 32) as usize)
            .is_some_and(|l| l >> (i % 32) & 1 == 1)
    }

    /// `2 * self + low`.
    fn shl1(&self, low: bool) -> Nat {
        let mut out = Vec::with_capacity(self.limbs.len() + 1);
        let mut carry = u32::from(low);
        for &l in &self.limbs {
            out.push((l << 1) | carry);
            carry = l >> 31;
        }
        if carry != 0 {
            out.push(carry);
        }
        Nat::trimmed(out)
    }

    /// The number written in decimal digits (nothing else: no sign, no
    /// spaces, no separators), or `None`.
    pub fn parse_decimal(text: &str) -> Option<Nat> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let ten_to_9 = Nat::from(1_000_000_000u64);
        let mut n = Nat::ZERO;
        let digits = text.as_bytes();
        let head = digits.len() % 9;
        let mut chunks: Vec<&[u8]> = Vec::new();
        if head > 0 {
            chunks.push(&digits[..head]);
        }
        chunks.extend(digits[head..].chunks(9));
        for (i, chunk) in chunks.iter().enumerate() {
            let value: u64 = std::str::from_utf8(chunk).ok()?.parse().ok()?;
            let scale = if i == 0 && head > 0 {
                Nat::from(10u64.pow(chunk.len() as u32))
            } else {
                ten_to_9.clone()
            };
            n = n.mul(&scale).add(&Nat::from(value));
        }
        Some(n)
    }

    /// The little-endian bytes of the number, without zero bytes at the top.
    pub fn to_le_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.limbs.iter().flat_map(|l| l.to_le_bytes()).collect();
        while bytes.last() == Some(&0) {
            bytes.pop();
        }
        bytes
    }

    /// The number of [`Nat::to_le_bytes`].
    pub fn from_le_bytes(bytes: &[u8]) -> Nat {
        let limbs = bytes
            .chunks(4)
            .map(|c| {
                let mut word = [0u8; 4];
                word[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(word)
            })
            .collect();
        Nat::trimmed(limbs)
    }

    /// A number in `0..bound` from `rng`, each about equally likely (64
    /// more random bits than `bound` has, reduced modulo `bound`); zero when
    /// `bound` is zero. Racket's `random-natural`, on a generator of its own.
    pub fn random_below(bound: &Nat, rng: &mut game_api::Rng) -> Nat {
        if bound.is_zero() {
            return Nat::ZERO;
        }
        let words = bound.bits().div_ceil(32) as usize + 2;
        let limbs = (0..words).map(|_| rng.next_u64() as u32).collect();
        Nat::trimmed(limbs).div_rem(bound).1
    }
}

impl From<u64> for Nat {
    fn from(v: u64) -> Nat {
        Nat::from_u128(u128::from(v))
    }
}

impl From<usize> for Nat {
    fn from(v: usize) -> Nat {
        Nat::from(v as u64)
    }
}

impl Ord for Nat {
    fn cmp(&self, other: &Nat) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Nat {
    fn partial_cmp(&self, other: &Nat) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        let billion = Nat::from(1_000_000_000u64);
        let mut parts = Vec::new();
        let mut n = self.clone();
        while !n.is_zero() {
            let (q, r) = n.div_rem(&billion);
            parts.push(r.to_u64().expect("below a billion"));
            n = q;
        }
        let mut text = parts.pop().expect("not zero").to_string();
        for part in parts.iter().rev() {
            text.push_str(&format!("{part:09}"));
        }
        f.pad(&text)
    }
}

impl fmt::Debug for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn n(text: &str) -> Nat {
        Nat::parse_decimal(text).unwrap()
    }

    #[test]
    fn decimal_text_round_trips_and_refuses_what_is_not_digits() {
        let big = "254377512893447941210664002794210519990861507330048";
        assert_eq!(n(big).to_string(), big);
        assert_eq!(n("0").to_string(), "0");
        assert_eq!(n("000123").to_string(), "123");
        assert_eq!(n("1000000000").to_string(), "1000000000");
        for bad in ["", "-1", "1.5", " 1", "1e9", "12a", "١٢"] {
            assert_eq!(Nat::parse_decimal(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn big_arithmetic_matches_known_values() {
        // 2^64 * 2^64 = 2^128, and back.
        let two64 = n("18446744073709551616");
        let two128 = two64.mul(&two64);
        assert_eq!(
            two128.to_string(),
            "340282366920938463463374607431768211456"
        );
        assert_eq!(two128.div_rem(&two64), (two64.clone(), Nat::ZERO));
        let big = n("254377512893447941210664002794210519990861507330048");
        let (q, r) = big.div_rem(&n("340282366920938463463374607431768211457"));
        assert_eq!(q.to_string(), "747548323456");
        assert_eq!(r.to_string(), "60959946473603748510035602585466294656");
        assert_eq!(big.div_rem(&Nat::from(4u64)).1, Nat::ZERO);
        assert_eq!(big.checked_sub(&big.add(&Nat::one())), None);
        assert_eq!(Nat::from(5u64).bits(), 3);
        assert_eq!(big.bits(), 168);
    }

    fn nat() -> impl Strategy<Value = Nat> {
        prop::collection::vec(any::<u32>(), 0..8).prop_map(Nat::trimmed)
    }

    proptest! {
        #[test]
        fn division_is_the_inverse_of_multiplication(a in nat(), b in nat()) {
            prop_assume!(!b.is_zero());
            let (q, r) = a.div_rem(&b);
            prop_assert!(r < b);
            prop_assert_eq!(q.mul(&b).add(&r), a);
        }

        #[test]
        fn subtraction_undoes_addition(a in nat(), b in nat()) {
            let sum = a.add(&b);
            prop_assert_eq!(sum.checked_sub(&b), Some(a.clone()));
            prop_assert!(sum >= a);
        }

        #[test]
        fn text_and_bytes_round_trip(a in nat()) {
            prop_assert_eq!(Nat::parse_decimal(&a.to_string()), Some(a.clone()));
            prop_assert_eq!(Nat::from_le_bytes(&a.to_le_bytes()), a);
        }

        #[test]
        fn random_numbers_stay_below_their_bound(a in nat(), seed in any::<u64>()) {
            prop_assume!(!a.is_zero());
            let mut rng = game_api::Rng::new(seed);
            prop_assert!(Nat::random_below(&a, &mut rng) < a);
        }
    }
}
