//! Crazy 8s (seed 004 §1): match the suit or rank of the discard; eights are wild. Being built; the game is listed once it
//! has its `info.toml`.
