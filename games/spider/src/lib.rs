//! Spider (seed 004 §1.6): build eight suits from king to ace in the
//! tableau, with one, two or four suits of two decks. After the original's
//! `games/spider/spider.rkt`.
//!
//! - [`rules`]: the deal, sequence moves, dealing, finished suits; no UI.
//! - [`hint`]: a legal move worth making; a simple player for tests.
#![warn(missing_docs)]

pub mod hint;
pub mod rules;
