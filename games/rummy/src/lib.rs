//! Rummy (seed 004 §1.5): make straights and sets of your ten cards before
//! the computer player does. After the original's
//! `games/ginrummy/ginrummy.rkt`.
//!
//! - [`melds`]: the meld finder (sets, straights with the ace low or high).
//! - [`rules`]: the deal, drawing and discarding, the win, the computer
//!   player; no UI.
#![warn(missing_docs)]

pub mod melds;
pub mod rules;
