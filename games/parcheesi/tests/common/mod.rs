//! What the game's tests and benches share.

use parcheesi::rules::{Board, Color, Loc, Pawn};

/// The original's "problem board" (blue with double 1s and 6s, 5 seconds
/// in the 2003 Racket program).
pub fn problem_board() -> Board {
    // The original's pawn order: blue, green, red, yellow.
    let locs = [
        (Color::Blue, [Some(54), Some(63), Some(39), Some(54)]),
        (Color::Green, [None, None, None, Some(40)]),
        (Color::Red, [None, None, Some(14), None]),
        (Color::Yellow, [Some(60), Some(15), Some(6), Some(0)]),
    ];
    let mut b = Board::new();
    for (c, ls) in locs {
        for (id, l) in ls.into_iter().enumerate() {
            if let Some(i) = l {
                b.set(Pawn::new(c, id as u8), Loc::Main(i));
            }
        }
    }
    b
}
