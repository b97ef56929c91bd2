//! Spider (seed 004 §1): build eight suits from king to ace in the tableau. Being built; the game is listed once it
//! has its `info.toml`.
