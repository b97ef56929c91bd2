//! Go Fish (seed 004 §1.2): you against two computer players, asking for
//! ranks and collecting matches. After the original's
//! `games/gofish/gofish.rkt`.
//!
//! - [`rules`]: the deal, asking, fishing, matches, the computer players;
//!   no UI.
#![warn(missing_docs)]

pub mod rules;
