//! Rummy (seed 004 §1): make sets and runs before the computer player does. Being built; the game is listed once it
//! has its `info.toml`.
