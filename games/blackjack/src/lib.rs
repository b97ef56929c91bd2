//! Blackjack (seed 004 §1): beat the dealer to 21 with splits and doubles, a bankroll kept across games. Being built; the game is listed once it
//! has its `info.toml`.
