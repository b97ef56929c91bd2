//! Memory (seed 004 §1): turn over two cards at a time and find every pair. Being built; the game is listed once it
//! has its `info.toml`.
