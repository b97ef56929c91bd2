//! The game record: a text naming the board and the moves played, which is
//! also the game's ID.
//!
//! ```text
//! 3: Lb2 La1 b2>c3 Mb2
//! ```
//!
//! * `3:` or `4:` names the board (3×3 or 4×4); red moves first.
//! * A square is its column letter (`a` on the left) and its row number
//!   (`1` at the bottom), as on a chess board.
//! * A new piece from off the board is its size and the square:
//!   `S`, `M`, `L` (and `X` in 4×4, the largest), so `Lb2` puts a large
//!   piece on b2.
//! * A piece moved on the board is its square, `>` and the target: `b2>c3`.
//!
//! Moves are separated by spaces. Reading a record checks every move
//! against the rules and names the first one that is wrong.

use crate::rules::{Move, Position, Variant};

/// The letters of the sizes, smallest first.
pub const SIZE_LETTERS: [char; 4] = ['S', 'M', 'L', 'X'];

/// The name of square `cell` on a board of `side`: `a1` at the bottom left.
pub fn square_name(side: usize, cell: usize) -> String {
    let (row, col) = (cell / side, cell % side);
    format!("{}{}", (b'a' + col as u8) as char, side - row)
}

/// The square named `name` on a board of `side`.
pub fn parse_square(side: usize, name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let file = chars.next()?;
    let rank = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let col = (file.to_ascii_lowercase() as usize).checked_sub('a' as usize)?;
    let rank = rank.to_digit(10)? as usize;
    if col >= side || rank == 0 || rank > side {
        return None;
    }
    Some((side - rank) * side + col)
}

/// A move in the record's notation.
pub fn move_text(side: usize, mv: Move) -> String {
    match mv.from {
        None => format!(
            "{}{}",
            SIZE_LETTERS[mv.size as usize],
            square_name(side, mv.to as usize)
        ),
        Some(from) => format!(
            "{}>{}",
            square_name(side, from as usize),
            square_name(side, mv.to as usize)
        ),
    }
}

/// Reads one move of the record for `position` (the size of a piece moved
/// on the board is that of the piece on its square).
///
/// # Errors
///
/// The text is not a move of the notation, or the move breaks a rule.
pub fn parse_move(position: &Position, text: &str) -> Result<Move, String> {
    let side = position.side();
    let sizes = position.variant().sizes() as usize;
    let mv = if let Some((from, to)) = text.split_once('>') {
        let from = parse_square(side, from).ok_or_else(|| format!("{from:?} is not a square"))?;
        let to = parse_square(side, to).ok_or_else(|| format!("{to:?} is not a square"))?;
        let size = position
            .top(from)
            .map(|p| p.size)
            .ok_or_else(|| format!("{} is empty", square_name(side, from)))?;
        Move {
            size,
            from: Some(from as u8),
            to: to as u8,
        }
    } else {
        let mut chars = text.chars();
        let letter = chars.next().unwrap_or(' ').to_ascii_uppercase();
        let size = SIZE_LETTERS[..sizes]
            .iter()
            .position(|&c| c == letter)
            .ok_or_else(|| {
                format!(
                    "a new piece starts with its size, one of {}",
                    SIZE_LETTERS[..sizes].iter().collect::<String>()
                )
            })?;
        let rest = chars.as_str();
        let to = parse_square(side, rest).ok_or_else(|| format!("{rest:?} is not a square"))?;
        Move {
            size: size as u8,
            from: None,
            to: to as u8,
        }
    };
    position.check(mv).map_err(|e| e.to_string())?;
    Ok(mv)
}

/// The record of a game on `variant` with `moves` played from the empty
/// board.
pub fn record_text(variant: Variant, moves: &[Move]) -> String {
    let side = variant.side();
    let mut text = format!("{side}:");
    for mv in moves {
        text.push(' ');
        text.push_str(&move_text(side, *mv));
    }
    text
}

/// Reads a record: the board and the moves, each checked.
///
/// # Errors
///
/// A message for the player naming what is wrong (the board size, or the
/// first wrong move and why).
pub fn parse_record(text: &str) -> Result<(Variant, Vec<Move>), String> {
    let text = text.trim();
    let (size, rest) = text.split_once(':').ok_or_else(|| {
        format!("a Gobblet record starts with the board's size, 3: or 4:, as in \"3: Lb2 Ma1 b2>c3\"; not {text:?}")
    })?;
    let variant = Variant::from_side(size.trim().parse().unwrap_or(0))
        .ok_or_else(|| format!("the board is 3 or 4 squares wide, not {:?}", size.trim()))?;
    let mut position = Position::new(variant);
    let mut moves = Vec::new();
    for (i, word) in rest.split_whitespace().enumerate() {
        let mv = parse_move(&position, word)
            .map_err(|e| format!("move {} ({word}) cannot be played: {e}", i + 1))?;
        position.apply(mv);
        moves.push(mv);
    }
    Ok((variant, moves))
}

/// The position after `moves` from the empty board of `variant`
/// (unchecked).
pub fn replay(variant: Variant, moves: &[Move]) -> Position {
    let mut p = Position::new(variant);
    for &mv in moves {
        p.apply(mv);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_as_on_a_chess_board() {
        assert_eq!(square_name(3, 6), "a1");
        assert_eq!(square_name(3, 2), "c3");
        assert_eq!(square_name(4, 15), "d1");
        for side in [3, 4] {
            for cell in 0..side * side {
                assert_eq!(parse_square(side, &square_name(side, cell)), Some(cell));
            }
        }
        assert_eq!(parse_square(3, "d1"), None);
        assert_eq!(parse_square(3, "a4"), None);
        assert_eq!(parse_square(3, "a0"), None);
    }

    #[test]
    fn a_record_round_trips() {
        let (variant, moves) = parse_record("3: Lb2 La1 b2>c3 Mb2").unwrap();
        assert_eq!(variant, Variant::Small);
        assert_eq!(moves.len(), 4);
        assert_eq!(record_text(variant, &moves), "3: Lb2 La1 b2>c3 Mb2");
        assert_eq!(parse_record("4:").unwrap(), (Variant::Large, vec![]));
    }

    #[test]
    fn a_wrong_record_says_which_move_and_why() {
        let e = parse_record("3: Lb2 Mb2").unwrap_err();
        assert!(e.contains("move 2 (Mb2)") && e.contains("smaller"), "{e}");
        let e = parse_record("5: Lb2").unwrap_err();
        assert!(e.contains("3 or 4"), "{e}");
        let e = parse_record("Lb2").unwrap_err();
        assert!(e.contains("3:"), "{e}");
        let e = parse_record("3: Xb2").unwrap_err();
        assert!(e.contains("SML"), "{e}");
    }
}
