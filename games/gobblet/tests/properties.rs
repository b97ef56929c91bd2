//! Property tests of the rules over random games.

use gobblet::ai::canonical_key;
use gobblet::record::{parse_record, record_text, replay};
use gobblet::rules::{Color, Move, Piece, Position, Variant};
use proptest::prelude::*;

/// A random game: at each ply a legal move chosen by the next number.
fn play(variant: Variant, choices: &[u16]) -> (Position, Vec<Move>) {
    let mut p = Position::new(variant);
    let mut moves = Vec::new();
    for &c in choices {
        let legal = p.moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[c as usize % legal.len()];
        p.play(mv).expect("a generated move is legal");
        moves.push(mv);
    }
    (p, moves)
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Small), Just(Variant::Large)]
}

proptest! {
    #[test]
    fn generated_moves_are_exactly_the_legal_ones(
        v in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        let (p, _) = play(v, &choices);
        let legal = p.moves();
        let cells = v.cells() as u8;
        for size in 0..v.sizes() {
            for from in std::iter::once(None).chain((0..cells).map(Some)) {
                for to in 0..cells {
                    let mv = Move { size, from, to };
                    prop_assert_eq!(p.check(mv).is_ok(), legal.contains(&mv), "{:?}", mv);
                }
            }
        }
    }

    #[test]
    fn every_piece_is_on_the_board_or_in_the_reserve(
        v in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let (p, _) = play(v, &choices);
        for color in [Color::Red, Color::Yellow] {
            let reserve = p.reserve(color);
            for size in 0..v.sizes() {
                let off = reserve.iter().flatten().filter(|&&s| s == size).count() as u8;
                prop_assert_eq!(off + p.on_board(color, size), v.per_size());
            }
            // Each square holds at most one piece of a size, larger on top.
            for cell in 0..v.cells() {
                let stack = p.stack(cell);
                prop_assert!(stack.windows(2).all(|w| w[0].size > w[1].size));
            }
        }
    }

    #[test]
    fn records_replay_the_same_game(
        v in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..50),
    ) {
        let (p, moves) = play(v, &choices);
        let text = record_text(v, &moves);
        let (v2, moves2) = parse_record(&text).unwrap();
        prop_assert_eq!(v2, v);
        prop_assert_eq!(&moves2, &moves);
        prop_assert_eq!(replay(v, &moves), p);
    }

    #[test]
    fn the_game_ends_at_the_first_line(
        v in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let (p, moves) = play(v, &choices);
        // No position before the last had a winner, and after a win there
        // are no moves.
        let mut q = Position::new(v);
        for &mv in &moves {
            prop_assert_eq!(q.winner(), None);
            q.apply(mv);
        }
        if p.winner().is_some() {
            prop_assert!(p.moves().is_empty());
            let w = p.winner().unwrap();
            prop_assert!(p.has_line(w));
            // The uncovered line beats the mover's own.
            if p.has_line(p.to_move()) {
                prop_assert_eq!(w, p.to_move());
            }
        }
    }

    #[test]
    fn symmetric_and_colour_swapped_3x3_positions_share_a_key(
        choices in prop::collection::vec(any::<u16>(), 0..20),
        turn in 0usize..4,
        mirror in any::<bool>(),
    ) {
        let (p, _) = play(Variant::Small, &choices);
        let map = |cell: usize| {
            let (mut r, mut c) = (cell / 3, cell % 3);
            for _ in 0..turn {
                (r, c) = (c, 2 - r);
            }
            if mirror {
                c = 2 - c;
            }
            r * 3 + c
        };
        let mut q = Position::new(Variant::Small).with_to_move(p.to_move().other());
        for cell in 0..9 {
            for piece in p.stack(cell).into_iter().rev() {
                q.place(map(cell), Piece { size: piece.size, color: piece.color.other() });
            }
        }
        prop_assert_eq!(canonical_key(&q), canonical_key(&p));
    }
}
