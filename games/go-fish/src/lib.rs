//! Go Fish (seed 004 §1): ask two computer players for ranks and collect books of four. Being built; the game is listed once it
//! has its `info.toml`.
