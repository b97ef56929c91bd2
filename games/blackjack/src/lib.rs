//! Blackjack (seed 004 §1.4): beat the dealer to 21 with splits and
//! doubles, a bankroll kept across games. After the original's
//! `games/blackjack/blackjack.rkt`.
//!
//! - [`rules`]: card values, totals, the shoe, a round from the deal to
//!   the payouts; no UI.
#![warn(missing_docs)]

pub mod rules;
