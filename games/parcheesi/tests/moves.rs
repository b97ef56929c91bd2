//! The original's move tests (`parcheesi/test/moves-test.rkt`), ported as
//! facts: the same positions, the same moves, the same expected boards,
//! bonuses and refusals, all 123 of its cases (its helpers `<=/m`,
//! `find-blockade/between` and `find-blockades/color` are [`le_m`],
//! [`Board::blockade_between`] and [`Board::blockades_of`]). Each blockade
//! refusal is checked for the reason the original's rules (`moves.rkt`)
//! give. Positions are written as where each pawn stands; pawns not named
//! are in their nests.

use parcheesi::rules::{
    BadMove, Board, Color, Loc, Move, Pawn, Square, blockade_moved, doubles_penalty, enter,
    entering_blockade, le_m, make_moves, move_home, move_main, moves_with_die, take_turn,
};

use Color::{Blue, Green, Red, Yellow};
use Loc::{Home, HomeRow, Main};

fn p(c: Color, id: u8) -> Pawn {
    Pawn::new(c, id)
}

/// The original's `mb`: a new board with the moves made.
fn mb(moves: &[Move]) -> Board {
    make_moves(&Board::new(), moves)
        .expect("the set-up moves")
        .0
}

fn at(placed: &[(Pawn, Loc)]) -> Board {
    Board::with(placed)
}

fn e(pawn: Pawn) -> Move {
    Move::Enter(pawn)
}
fn m(pawn: Pawn, start: u8, d: u8) -> Move {
    Move::Main(pawn, start, d)
}
fn h(pawn: Pawn, start: u8, d: u8) -> Move {
    Move::Home(pawn, start, d)
}

#[test]
fn entering_puts_the_pawn_on_its_entry_square() {
    assert_eq!(
        enter(&Board::new(), p(Green, 0)),
        Ok((at(&[(p(Green, 0), Main(5))]), None))
    );
}

#[test]
fn entering_onto_an_opponent_bops_it_even_on_the_safe_entry() {
    let b = mb(&[e(p(Green, 0)), m(p(Green, 0), 5, 17)]);
    assert_eq!(
        enter(&b, p(Red, 0)),
        Ok((at(&[(p(Red, 0), Main(22))]), Some(20)))
    );
}

#[test]
fn a_move_that_bops_earns_twenty() {
    let b = mb(&[e(p(Green, 0)), e(p(Red, 0)), m(p(Red, 0), 22, 1)]);
    assert_eq!(
        move_main(&b, p(Green, 0), 5, 18),
        Ok((at(&[(p(Green, 0), Main(23))]), Some(20)))
    );
}

#[test]
fn moving_on_after_a_bop_earns_no_new_bonus() {
    let b = at(&[(p(Green, 0), Main(21)), (p(Red, 0), Main(25))]);
    assert_eq!(
        move_main(&b, p(Green, 0), 21, 4),
        Ok((at(&[(p(Green, 0), Main(25))]), Some(20)))
    );
    let b = at(&[(p(Green, 0), Main(25))]);
    assert_eq!(
        move_main(&b, p(Green, 0), 25, 20),
        Ok((at(&[(p(Green, 0), Main(45))]), None))
    );
    let b = at(&[(p(Green, 0), Main(21)), (p(Red, 0), Main(25))]);
    assert_eq!(
        make_moves(&b, &[m(p(Green, 0), 21, 4), m(p(Green, 0), 25, 20)]),
        Ok((at(&[(p(Green, 0), Main(45))]), vec![20]))
    );
}

#[test]
fn two_pawns_entering_make_a_blockade_and_either_can_leave_it() {
    let b = mb(&[e(p(Green, 0))]);
    let both = at(&[(p(Green, 0), Main(5)), (p(Green, 1), Main(5))]);
    assert_eq!(enter(&b, p(Green, 1)), Ok((both, None)));
    let one_on = at(&[(p(Green, 1), Main(5)), (p(Green, 0), Main(6))]);
    assert_eq!(move_main(&both, p(Green, 0), 5, 1), Ok((one_on, None)));
    // And joining it again forms a blockade on 6.
    assert_eq!(
        move_main(&one_on, p(Green, 1), 5, 1),
        Ok((at(&[(p(Green, 0), Main(6)), (p(Green, 1), Main(6))]), None))
    );
}

#[test]
fn the_ring_wraps_from_67_to_0_and_turns_into_the_home_row() {
    let b = mb(&[e(p(Green, 0))]);
    let (b62, _) = move_main(&b, p(Green, 0), 5, 62).unwrap();
    assert_eq!(b62.loc(p(Green, 0)), Main(67));
    let (b0, _) = move_main(&b62, p(Green, 0), 67, 1).unwrap();
    assert_eq!(b0.loc(p(Green, 0)), Main(0));
    assert_eq!(
        move_main(&b0, p(Green, 0), 0, 1),
        Ok((at(&[(p(Green, 0), HomeRow(0))]), None))
    );
    assert_eq!(
        move_main(&b0, p(Green, 0), 0, 7),
        Ok((at(&[(p(Green, 0), HomeRow(6))]), None))
    );
    assert_eq!(
        move_main(&b0, p(Green, 0), 0, 8),
        Ok((at(&[(p(Green, 0), Home)]), Some(10)))
    );
    // Straight onto the home row from the entry square.
    assert_eq!(
        move_main(&b, p(Green, 0), 5, 64),
        Ok((at(&[(p(Green, 0), HomeRow(0))]), None))
    );
}

#[test]
fn home_row_moves_and_blockades() {
    let b = mb(&[e(p(Green, 0)), m(p(Green, 0), 5, 64)]);
    assert_eq!(
        move_home(&b, p(Green, 0), 0, 1),
        Ok((at(&[(p(Green, 0), HomeRow(1))]), None))
    );
    let b = mb(&[
        e(p(Green, 0)),
        m(p(Green, 0), 5, 64),
        h(p(Green, 0), 0, 1),
        e(p(Green, 1)),
        m(p(Green, 1), 5, 64),
    ]);
    assert_eq!(
        move_home(&b, p(Green, 1), 0, 1),
        Ok((
            at(&[(p(Green, 0), HomeRow(1)), (p(Green, 1), HomeRow(1))]),
            None
        ))
    );
    // Either pawn of a home-row blockade may move on.
    let y = |id| p(Yellow, id);
    let b = at(&[
        (y(0), HomeRow(0)),
        (y(1), HomeRow(0)),
        (y(2), HomeRow(1)),
        (y(3), HomeRow(1)),
    ]);
    assert_eq!(
        move_home(&b, y(3), 1, 2),
        Ok((
            at(&[
                (y(0), HomeRow(0)),
                (y(1), HomeRow(0)),
                (y(2), HomeRow(1)),
                (y(3), HomeRow(3))
            ]),
            None
        ))
    );
    assert_eq!(
        move_home(&b, y(2), 1, 2),
        Ok((
            at(&[
                (y(0), HomeRow(0)),
                (y(1), HomeRow(0)),
                (y(3), HomeRow(1)),
                (y(2), HomeRow(3))
            ]),
            None
        ))
    );
}

#[test]
fn either_pawn_of_a_ring_blockade_may_move_on() {
    let y = |id| p(Yellow, id);
    let b = at(&[(y(1), Main(1)), (y(0), Main(1))]);
    assert_eq!(
        move_main(&b, y(0), 1, 2),
        Ok((at(&[(y(1), Main(1)), (y(0), Main(3))]), None))
    );
    // Yellow's pawns near its exit.
    let set_up = [
        e(y(0)),
        m(y(0), 56, 65),
        h(y(0), 1, 6),
        e(y(1)),
        m(y(1), 56, 63),
        e(y(2)),
        m(y(2), 56, 63),
        e(y(3)),
        m(y(3), 56, 62),
    ];
    let b = mb(&set_up);
    let mut after = set_up.to_vec();
    after.insert(5, m(y(1), 51, 2));
    assert_eq!(move_main(&b, y(1), 51, 2), Ok((mb(&after), None)));
    let mut after = set_up.to_vec();
    after.insert(7, m(y(2), 51, 2));
    assert_eq!(move_main(&b, y(2), 51, 2), Ok((mb(&after), None)));
}

#[test]
fn home_by_exact_count_with_a_bonus_of_ten() {
    let b = mb(&[
        e(p(Green, 0)),
        m(p(Green, 0), 5, 60),
        m(p(Green, 0), 65, 10),
    ]);
    assert_eq!(b.loc(p(Green, 0)), HomeRow(6));
    assert_eq!(
        move_home(&b, p(Green, 0), 6, 1),
        Ok((at(&[(p(Green, 0), Home)]), Some(10)))
    );
    assert!(move_home(&b, p(Green, 0), 6, 2).is_err());
    // From the ring straight home: 66 + 10 and 56 + 20 for green.
    let b = at(&[(p(Green, 3), Main(66))]);
    assert_eq!(
        move_main(&b, p(Green, 3), 66, 10),
        Ok((at(&[(p(Green, 3), Home)]), Some(10)))
    );
    let b = at(&[(p(Green, 3), Main(56))]);
    assert_eq!(
        move_main(&b, p(Green, 3), 56, 20),
        Ok((at(&[(p(Green, 3), Home)]), Some(10)))
    );
}

#[test]
fn refusals_of_the_original() {
    let g = |id| p(Green, id);
    let r = |id| p(Red, id);
    // A third pawn cannot enter onto its own blockade ("cannot move out
    // into a blockade").
    let b = mb(&[e(g(0)), e(g(1))]);
    assert_eq!(enter(&b, g(2)), Err(BadMove::EntryBlocked));
    // Moving a pawn that is not where the move says.
    let b = mb(&[e(g(0))]);
    assert!(move_main(&b, g(0), 4, 1).is_err());
    assert!(move_main(&b, g(0), 6, 1).is_err());
    assert!(move_main(&b, g(1), 5, 1).is_err());
    // Onto and past a blockade: more than one square, "there is a
    // blockade at 22 in the main ring"; one square, "cannot move directly
    // onto a blockade".
    let b = mb(&[e(r(0)), e(r(1)), e(g(0))]);
    let at_22 = Err(BadMove::Blockade(Square::Main(22)));
    assert_eq!(move_main(&b, g(0), 5, 17), at_22);
    assert_eq!(move_main(&b, g(0), 5, 18), at_22);
    let b = mb(&[e(g(0)), e(g(1)), m(g(0), 5, 18), m(g(1), 5, 18), e(r(0))]);
    assert_eq!(move_main(&b, r(0), 22, 1), Err(BadMove::OntoBlockade(23)));
    assert!(moves_with_die(&b, Red, 1).is_empty(), "impossible to move");
    // Onto a blockade in the home row from the ring, and in the row.
    let b = mb(&[
        e(g(0)),
        m(g(0), 5, 64),
        h(g(0), 0, 1),
        e(g(1)),
        m(g(1), 5, 64),
        h(g(1), 0, 1),
        e(g(2)),
        m(g(2), 5, 60),
    ]);
    assert_eq!(
        move_main(&b, g(2), 65, 5),
        Err(BadMove::Blockade(Square::Row(Green, 1)))
    );
    let b = mb(&[
        e(g(0)),
        m(g(0), 5, 64),
        h(g(0), 0, 1),
        e(g(1)),
        m(g(1), 5, 64),
        h(g(1), 0, 1),
        e(g(2)),
        m(g(2), 5, 64),
    ]);
    // (In the row even one square: the original looks along the row.)
    let in_row = Err(BadMove::Blockade(Square::Row(Green, 1)));
    assert_eq!(move_home(&b, g(2), 0, 1), in_row);
    assert_eq!(move_home(&b, g(2), 0, 2), in_row);
    // Past home (the arithmetic wraps round the ring).
    let b = at(&[(p(Yellow, 3), Main(50))]);
    assert!(move_main(&b, p(Yellow, 3), 50, 20).is_err());
    // Onto and past blockades at 0 and 67: the four cases the original's
    // tests call `board-move-piece-home` with a pawn on the ring, which its
    // rules refuse as "not in the home row" whatever the blockade; moved
    // on the ring as the tests mean, its rules refuse them for the
    // blockade: one square onto it, "cannot move directly onto a
    // blockade"; two, past it, "there is a blockade at 0 (67)".
    let b = at(&[
        (p(Blue, 0), Main(0)),
        (p(Blue, 1), Main(0)),
        (r(0), Main(67)),
    ]);
    assert_eq!(move_main(&b, r(0), 67, 1), Err(BadMove::OntoBlockade(0)));
    assert_eq!(
        move_main(&b, r(0), 67, 2),
        Err(BadMove::Blockade(Square::Main(0)))
    );
    assert_eq!(move_home(&b, r(0), 67, 1), Err(BadMove::NotThere(r(0))));
    let b = at(&[
        (p(Blue, 0), Main(67)),
        (p(Blue, 1), Main(67)),
        (r(0), Main(66)),
    ]);
    assert_eq!(move_main(&b, r(0), 66, 1), Err(BadMove::OntoBlockade(67)));
    assert_eq!(
        move_main(&b, r(0), 66, 2),
        Err(BadMove::Blockade(Square::Main(67)))
    );
    assert_eq!(move_home(&b, r(0), 66, 2), Err(BadMove::NotThere(r(0))));
    // A blockade on another colour's exit bars the way into green's row.
    let b = at(&[
        (r(0), Main(0)),
        (r(1), Main(0)),
        (g(0), Main(66)),
        (g(1), Home),
        (g(2), Home),
        (g(3), Home),
    ]);
    assert_eq!(
        move_main(&b, g(0), 66, 3),
        Err(BadMove::Blockade(Square::Main(0)))
    );
    // The words a player reads for each.
    assert_eq!(
        BadMove::OntoBlockade(23).to_string(),
        "a pawn cannot move directly onto a blockade (on square 23)"
    );
    assert_eq!(
        BadMove::Blockade(Square::Row(Green, 1)).to_string(),
        "there is a blockade on square 2 of Green's home row, in the way"
    );
    assert_eq!(
        BadMove::EntryBlocked.to_string(),
        "a pawn cannot move out into a blockade: two pawns stand on the entry square"
    );
}

#[test]
fn le_m_orders_three_squares_round_the_ring() {
    // The original's nine `<=/m` cases.
    assert!(le_m(0, 1, 2));
    assert!(!le_m(0, 2, 1));
    assert!(!le_m(1, 0, 2));
    assert!(le_m(4, 0, 1));
    assert!(!le_m(4, 1, 0));
    assert!(!le_m(0, 4, 1));
    assert!(le_m(3, 4, 1));
    assert!(!le_m(3, 1, 4));
    assert!(!le_m(4, 3, 1));
}

#[test]
fn find_blockade_between_looks_round_the_ring_and_along_the_rows() {
    // Blue's blockade on its row's first square, green's on its row's
    // fourth, yellow's on main square 2; two yellows home.
    let b = at(&[
        (p(Blue, 0), HomeRow(0)),
        (p(Blue, 1), HomeRow(0)),
        (p(Green, 0), HomeRow(3)),
        (p(Green, 1), HomeRow(3)),
        (p(Yellow, 1), Main(2)),
        (p(Yellow, 2), Main(2)),
        (p(Yellow, 0), Home),
        (p(Yellow, 3), Home),
    ]);
    let main = Square::Main;
    let row = Square::Row;
    // The original's twelve `find-blockade/between` cases.
    assert_eq!(b.blockade_between(main(0), main(1)), None);
    assert_eq!(b.blockade_between(main(0), main(2)), Some(main(2)));
    assert_eq!(b.blockade_between(main(0), main(5)), Some(main(2)));
    assert_eq!(b.blockade_between(main(60), main(1)), None);
    assert_eq!(b.blockade_between(main(60), main(2)), Some(main(2)));
    assert_eq!(b.blockade_between(main(60), main(5)), Some(main(2)));
    assert_eq!(b.blockade_between(row(Red, 0), row(Red, 7)), None);
    assert_eq!(
        b.blockade_between(row(Blue, 0), row(Blue, 7)),
        Some(row(Blue, 0))
    );
    assert_eq!(
        b.blockade_between(row(Green, 0), row(Green, 7)),
        Some(row(Green, 3))
    );
    assert_eq!(b.blockade_between(main(66), row(Green, 2)), None);
    assert_eq!(
        b.blockade_between(main(66), row(Green, 5)),
        Some(row(Green, 3))
    );
    assert_eq!(b.blockade_between(main(1), row(Green, 2)), Some(main(2)));
}

/// `color`'s blockades, sorted (the original lists them last found first).
fn blockades(b: &Board, color: Color) -> Vec<(Square, Pawn, Pawn)> {
    let mut found = b.blockades_of(color);
    found.sort_by_key(|&(sq, ..)| format!("{sq:?}"));
    found
}

#[test]
fn find_blockades_color_names_each_pair_of_one_colour() {
    let g = |id| p(Green, id);
    let main = Square::Main;
    let row = |i| Square::Row(Green, i);
    // The original's eight `find-blockades/color` cases.
    assert_eq!(blockades(&Board::new(), Green), []);
    let home = |c: Color| (0..4).map(move |i| (p(c, i), Home));
    let others: Vec<(Pawn, Loc)> = [Blue, Red, Yellow].into_iter().flat_map(home).collect();
    assert_eq!(blockades(&at(&others), Yellow), []);
    let mut two_on_0 = others.clone();
    two_on_0.extend([(g(0), Main(0)), (g(1), Main(0))]);
    assert_eq!(blockades(&at(&two_on_0), Yellow), []);
    assert_eq!(blockades(&at(&two_on_0), Green), [(main(0), g(0), g(1))]);
    let mut two_pairs = two_on_0.clone();
    two_pairs.extend([(g(2), Main(1)), (g(3), Main(1))]);
    assert_eq!(
        blockades(&at(&two_pairs), Green),
        [(main(0), g(0), g(1)), (main(1), g(2), g(3))]
    );
    let mut ring_and_row = others.clone();
    ring_and_row.extend([
        (g(2), Main(1)),
        (g(3), Main(1)),
        (g(0), HomeRow(1)),
        (g(1), HomeRow(1)),
    ]);
    assert_eq!(
        blockades(&at(&ring_and_row), Green),
        [(main(1), g(2), g(3)), (row(1), g(0), g(1))]
    );
    let mut two_rows = others.clone();
    two_rows.extend([
        (g(2), HomeRow(0)),
        (g(3), HomeRow(0)),
        (g(0), HomeRow(1)),
        (g(1), HomeRow(1)),
    ]);
    assert_eq!(
        blockades(&at(&two_rows), Green),
        [(row(0), g(2), g(3)), (row(1), g(0), g(1))]
    );
    // Each pair named lower pawn first, whichever came first in its cell.
    let mut crossed = others;
    crossed.extend([
        (g(2), HomeRow(0)),
        (g(0), HomeRow(0)),
        (g(3), HomeRow(1)),
        (g(1), HomeRow(1)),
    ]);
    assert_eq!(
        blockades(&at(&crossed), Green),
        [(row(0), g(0), g(2)), (row(1), g(1), g(3))]
    );
}

#[test]
fn a_blockade_in_another_home_row_is_no_obstacle() {
    let b = at(&[
        (p(Blue, 0), HomeRow(1)),
        (p(Blue, 1), HomeRow(1)),
        (p(Green, 0), HomeRow(0)),
    ]);
    for (d, to, bonus) in [
        (3, HomeRow(3), None),
        (1, HomeRow(1), None),
        (7, Home, Some(10)),
    ] {
        let mut want = b;
        want.set(p(Green, 0), to);
        assert_eq!(move_home(&b, p(Green, 0), 0, d), Ok((want, bonus)));
    }
}

#[test]
fn turns_that_enter() {
    let g0 = p(Green, 0);
    let entered = at(&[(g0, Main(5))]);
    assert_eq!(take_turn(Green, &Board::new(), &[5], &[e(g0)]), Ok(entered));
    assert_eq!(
        take_turn(Green, &Board::new(), &[1, 4], &[e(g0)]),
        Ok(entered)
    );
    assert_eq!(
        take_turn(Green, &Board::new(), &[3, 2], &[e(g0)]),
        Ok(entered)
    );
    assert_eq!(
        take_turn(Green, &Board::new(), &[5, 5], &[e(g0), e(p(Green, 1))]),
        Ok(at(&[(g0, Main(5)), (p(Green, 1), Main(5))]))
    );
    // Without a 5; two colours; leaving a pawn that could enter; not
    // moving the 3.
    assert!(take_turn(Green, &Board::new(), &[1], &[e(g0)]).is_err());
    assert!(take_turn(Green, &Board::new(), &[5, 5], &[e(g0), e(p(Red, 0))]).is_err());
    assert!(take_turn(Green, &Board::new(), &[5, 5], &[e(g0)]).is_err());
    assert!(take_turn(Green, &Board::new(), &[5, 3], &[e(g0)]).is_err());
}

#[test]
fn turns_blocked_by_blockades() {
    let g = |id| p(Green, id);
    let r0 = p(Red, 0);
    // Neither die can be used.
    let b = mb(&[e(g(0)), e(g(1)), m(g(0), 5, 18), m(g(1), 5, 18), e(r0)]);
    assert_eq!(take_turn(Red, &b, &[1, 2], &[]), Ok(b));
    // Only one die can be used.
    let b = mb(&[e(g(0)), e(g(1)), m(g(0), 5, 19), m(g(1), 5, 19), e(r0)]);
    let mut want = b;
    want.set(r0, Main(23));
    assert_eq!(take_turn(Red, &b, &[1, 2], &[m(r0, 22, 1)]), Ok(want));
    // No penalty for not entering into a blockade on the entry square.
    let b = mb(&[e(g(0)), e(g(1)), m(g(0), 5, 17), m(g(1), 5, 17)]);
    for dice in [[2, 3], [5, 5], [1, 4]] {
        assert_eq!(take_turn(Red, &b, &dice, &[]), Ok(b));
    }
}

#[test]
fn turns_cannot_skip_moves() {
    let g = |id| p(Green, id);
    let b = mb(&[e(g(0)), e(g(1))]);
    assert!(take_turn(Green, &b, &[1, 2], &[]).is_err());
    let b = mb(&[e(g(0)), m(g(0), 5, 64), h(g(0), 0, 1)]);
    assert!(take_turn(Green, &b, &[1, 2], &[]).is_err());
    let y = |id| p(Yellow, id);
    let b = at(&[
        (y(0), HomeRow(0)),
        (y(1), HomeRow(0)),
        (y(2), HomeRow(1)),
        (y(3), HomeRow(1)),
    ]);
    assert!(take_turn(Yellow, &b, &[2, 1], &[]).is_err());
    let b = mb(&[
        e(y(0)),
        m(y(0), 56, 65),
        h(y(0), 1, 6),
        e(y(1)),
        m(y(1), 56, 63),
        e(y(2)),
        m(y(2), 56, 63),
        e(y(3)),
        m(y(3), 56, 62),
    ]);
    assert!(take_turn(Yellow, &b, &[4, 1], &[]).is_err());
}

#[test]
fn bonuses_must_be_taken() {
    let g0 = p(Green, 0);
    let r0 = p(Red, 0);
    let b = mb(&[e(g0), e(r0), m(g0, 5, 23)]);
    assert!(take_turn(Red, &b, &[2, 4], &[m(r0, 22, 2), m(r0, 24, 4)]).is_err());
    let mut want = b;
    want.set(g0, Loc::Start);
    want.set(r0, Main(48));
    assert_eq!(
        take_turn(
            Red,
            &b,
            &[2, 4],
            &[m(r0, 22, 2), m(r0, 24, 4), m(r0, 28, 20)]
        ),
        Ok(want)
    );
    let g1 = p(Green, 1);
    let b = mb(&[e(g0), m(g0, 5, 60), m(g0, 65, 10), e(g1)]);
    assert!(take_turn(Green, &b, &[1], &[h(g0, 6, 1)]).is_err());
    assert_eq!(
        take_turn(Green, &b, &[1], &[h(g0, 6, 1), m(g1, 5, 10)]),
        Ok(at(&[(g0, Home), (g1, Main(15))]))
    );
}

#[test]
fn bop_twice_and_take_both_bonuses() {
    let y = |id| p(Yellow, id);
    let g = |id| p(Green, id);
    let b = at(&[
        (y(0), Main(0)),
        (y(1), Main(1)),
        (y(2), Main(3)),
        (y(3), Main(4)),
        (g(0), Main(6)),
        (g(1), Main(7)),
    ]);
    let turn = [m(y(2), 3, 4), m(y(3), 4, 2), m(y(1), 1, 20), m(y(0), 0, 20)];
    assert_eq!(
        take_turn(Yellow, &b, &[2, 4], &turn),
        Ok(at(&[
            (y(3), Main(6)),
            (y(2), Main(7)),
            (y(0), Main(20)),
            (y(1), Main(21)),
        ]))
    );
}

/// The board of the two "break up the blockade on the entry" tests.
fn red_entry_board() -> Board {
    let r = |id| p(Red, id);
    let g = |id| p(Green, id);
    let y = |id| p(Yellow, id);
    at(&[
        (y(0), Main(0)),
        (y(1), Main(0)),
        (r(1), Main(2)),
        (g(0), Main(5)),
        (g(1), Main(5)),
        (y(2), Main(7)),
        (g(2), Main(17)),
        (g(3), Main(21)),
        (r(2), Main(22)),
        (r(3), Main(22)),
        (p(Blue, 3), Main(51)),
        (y(3), Main(60)),
    ])
}

#[test]
fn breaking_up_the_entry_blockade() {
    let (r0, r2, r3) = (p(Red, 0), p(Red, 2), p(Red, 3));
    let b = red_entry_board();
    let mut want = b;
    want.set(r2, Main(25));
    want.set(r0, Main(22));
    assert_eq!(
        take_turn(Red, &b, &[3, 5], &[m(r2, 22, 3), e(r0)]),
        Ok(want)
    );
    let mut want = b;
    want.set(r2, Main(30));
    assert_eq!(
        take_turn(Red, &b, &[3, 5], &[m(r2, 22, 5), m(r2, 27, 3)]),
        Ok(want)
    );
    assert_eq!(want.loc(r3), Main(22));
}

#[test]
fn a_blue_turn_past_pawns() {
    let b3 = p(Blue, 3);
    let b = at(&[
        (p(Blue, 0), Main(0)),
        (p(Blue, 1), Main(0)),
        (p(Red, 1), Main(1)),
        (p(Red, 2), Main(3)),
        (p(Blue, 2), Main(4)),
        (p(Green, 0), Main(5)),
        (p(Green, 1), Main(5)),
        (p(Green, 2), Main(19)),
        (p(Red, 3), Main(22)),
        (p(Yellow, 0), Main(31)),
        (p(Yellow, 1), Main(56)),
        (b3, Main(57)),
        (p(Yellow, 2), Main(66)),
        (p(Green, 3), Main(67)),
        (p(Yellow, 3), Home),
    ]);
    let mut want = b;
    want.set(b3, Main(64));
    assert_eq!(
        take_turn(Blue, &b, &[2, 5], &[m(b3, 57, 2), m(b3, 59, 5)]),
        Ok(want)
    );
}

#[test]
fn blockades_cannot_move_together() {
    let g = |id| p(Green, id);
    let b = mb(&[e(g(0)), e(g(1))]);
    assert!(take_turn(Green, &b, &[2, 2], &[m(g(0), 5, 2), m(g(1), 5, 2)]).is_err());
    assert!(
        take_turn(
            Green,
            &b,
            &[3, 3, 4, 4],
            &[m(g(0), 5, 3), m(g(1), 5, 4), m(g(0), 8, 4), m(g(1), 9, 3)]
        )
        .is_err()
    );
    // Breaking one up and making a new one is fine.
    let b = mb(&[e(g(0)), e(g(1)), m(g(0), 5, 1), e(g(2))]);
    assert_eq!(
        take_turn(Green, &b, &[1, 2], &[m(g(2), 5, 2), m(g(0), 6, 1)]),
        Ok(at(&[(g(1), Main(5)), (g(0), Main(7)), (g(2), Main(7))]))
    );
    let y = |id| p(Yellow, id);
    // Bopping twice and moving a blockade together by the 20s.
    let b = at(&[
        (y(0), Main(1)),
        (y(1), Main(1)),
        (y(2), Main(3)),
        (y(3), Main(4)),
        (g(2), Main(6)),
        (g(3), Main(7)),
    ]);
    assert!(
        take_turn(
            Yellow,
            &b,
            &[2, 4],
            &[m(y(2), 3, 4), m(y(3), 4, 2), m(y(0), 1, 20), m(y(1), 1, 20)]
        )
        .is_err()
    );
    // Two pawns home, then a blockade together by the 10s.
    let b = at(&[
        (y(2), Main(0)),
        (y(3), Main(0)),
        (y(0), HomeRow(5)),
        (y(1), HomeRow(6)),
    ]);
    assert!(
        take_turn(
            Yellow,
            &b,
            &[1, 2],
            &[h(y(0), 5, 2), h(y(1), 6, 1), m(y(2), 0, 10), m(y(3), 0, 10)]
        )
        .is_err()
    );
    assert!(blockade_moved(
        &b,
        &at(&[(y(2), Main(10)), (y(3), Main(10))]),
        Yellow
    ));
}

#[test]
fn what_is_not_moving_a_blockade_together() {
    let y = |id| p(Yellow, id);
    let g = |id| p(Green, id);
    let b = at(&[
        (y(0), Main(1)),
        (y(1), Main(1)),
        (y(2), Main(2)),
        (y(3), Main(4)),
        (g(2), Main(5)),
        (g(3), Main(5)),
    ]);
    let mut want = b;
    want.set(y(0), Main(4));
    assert_eq!(
        take_turn(Yellow, &b, &[4, 4, 3, 3], &[m(y(0), 1, 3)]),
        Ok(want)
    );
    let b = at(&[
        (y(1), Main(1)),
        (y(2), Main(2)),
        (y(3), Main(2)),
        (g(2), Main(5)),
        (g(3), Main(5)),
    ]);
    assert_eq!(
        take_turn(Yellow, &b, &[1, 2], &[m(y(2), 2, 1), m(y(1), 1, 2)]),
        Ok(at(&[
            (y(3), Main(2)),
            (y(1), Main(3)),
            (y(2), Main(3)),
            (g(2), Main(5)),
            (g(3), Main(5)),
        ]))
    );
    // The other 3 would move the blockade together, so one die is enough.
    let b = at(&[
        (y(2), Main(1)),
        (y(3), Main(1)),
        (g(2), Main(5)),
        (g(3), Main(5)),
    ]);
    let mut want = b;
    want.set(y(2), Main(4));
    assert_eq!(take_turn(Yellow, &b, &[3, 3], &[m(y(2), 1, 3)]), Ok(want));
    // Splitting and re-forming with other partners.
    let b = at(&[
        (y(0), Main(0)),
        (y(1), Main(1)),
        (y(2), Main(2)),
        (y(3), Main(2)),
    ]);
    assert_eq!(
        take_turn(
            Yellow,
            &b,
            &[6, 6, 1, 1],
            &[m(y(2), 2, 6), m(y(1), 1, 1), m(y(1), 2, 6), m(y(3), 2, 1)]
        ),
        Ok(at(&[
            (y(0), Main(0)),
            (y(3), Main(3)),
            (y(1), Main(8)),
            (y(2), Main(8)),
        ]))
    );
    // A blockade that goes home together is gone, not moved.
    let gb = at(&[(g(1), Main(66)), (g(3), Main(66)), (g(2), HomeRow(2))]);
    assert_eq!(
        take_turn(
            Green,
            &gb,
            &[2, 3],
            &[
                h(g(2), 2, 2),
                h(g(2), 4, 3),
                m(g(1), 66, 10),
                m(g(3), 66, 10)
            ]
        ),
        Ok(at(&[(g(1), Home), (g(2), Home), (g(3), Home)]))
    );
}

#[test]
fn a_red_doubles_turn_round_the_end_of_the_ring() {
    let r = |id| p(Red, id);
    let b = at(&[
        (p(Blue, 0), Main(0)),
        (r(0), Main(1)),
        (p(Blue, 1), Main(2)),
        (p(Green, 0), Main(5)),
        (p(Blue, 2), Main(8)),
        (r(1), Main(16)),
        (p(Green, 1), Main(62)),
        (r(2), Main(67)),
        (r(3), Main(67)),
        (p(Blue, 3), HomeRow(2)),
        (p(Green, 2), HomeRow(0)),
        (p(Green, 3), Home),
    ]);
    let mut want = b;
    want.set(r(2), Main(6));
    want.set(r(3), Main(4));
    want.set(r(1), HomeRow(0));
    assert_eq!(
        take_turn(
            Red,
            &b,
            &[2, 2, 5, 5],
            &[
                m(r(2), 67, 2),
                m(r(1), 16, 2),
                m(r(2), 1, 5),
                m(r(3), 67, 5)
            ]
        ),
        Ok(want)
    );
}

#[test]
fn no_move_when_everything_is_blocked_near_home() {
    let g = |id| p(Green, id);
    let b = at(&[
        (g(0), Home),
        (g(1), HomeRow(4)),
        (g(2), HomeRow(4)),
        (g(3), Main(0)),
    ]);
    assert_eq!(
        mb(&[
            e(g(0)),
            m(g(0), 5, 63),
            m(g(0), 0, 8),
            e(g(1)),
            m(g(1), 5, 63),
            m(g(1), 0, 5),
            e(g(2)),
            m(g(2), 5, 63),
            m(g(2), 0, 5),
            e(g(3)),
            m(g(3), 5, 63),
        ]),
        b
    );
    assert_eq!(take_turn(Green, &b, &[6, 5], &[]), Ok(b));
}

#[test]
fn the_doubles_penalty() {
    let g = |id| p(Green, id);
    assert_eq!(doubles_penalty(&Board::new(), Green), Board::new());
    let row = mb(&[e(g(0)), m(g(0), 5, 62), m(g(0), 67, 5)]);
    assert_eq!(row.loc(g(0)), HomeRow(3));
    assert_eq!(doubles_penalty(&row, Green), Board::new());
    assert_eq!(doubles_penalty(&mb(&[e(g(0))]), Green), Board::new());
    // The home row first.
    let b = mb(&[e(g(0)), m(g(0), 5, 62), m(g(0), 67, 5), e(g(1))]);
    assert_eq!(doubles_penalty(&b, Green), at(&[(g(1), Main(5))]));
    // The pawn further along the home row.
    let b = mb(&[
        e(g(0)),
        m(g(0), 5, 62),
        m(g(0), 67, 5),
        e(g(1)),
        m(g(1), 5, 62),
        m(g(1), 67, 6),
    ]);
    assert_eq!(doubles_penalty(&b, Green), at(&[(g(0), HomeRow(3))]));
    // The pawn further along the ring.
    let b = mb(&[e(g(0)), m(g(0), 5, 10), e(g(1)), m(g(1), 5, 9)]);
    assert_eq!(doubles_penalty(&b, Green), at(&[(g(1), Main(14))]));
    // Round the end of the ring: yellow on 2 is further than on 56.
    let y = |id| p(Yellow, id);
    let b = mb(&[e(y(0)), m(y(0), 56, 14), e(y(1))]);
    assert_eq!(doubles_penalty(&b, Yellow), at(&[(y(1), Main(56))]));
    let b = at(&[(y(0), Main(0)), (y(1), Main(0))]);
    assert_eq!(doubles_penalty(&b, Yellow), at(&[(y(0), Main(0))]));
}

#[test]
fn entering_blockades() {
    assert!(!entering_blockade(&Board::new(), Blue));
    let b = mb(&[e(p(Yellow, 0)), e(p(Yellow, 1))]);
    assert!(entering_blockade(&b, Yellow));
    assert!(!entering_blockade(&b, Green));
}

#[test]
fn equal_moves_give_equal_boards() {
    let moves = [e(p(Green, 0)), m(p(Green, 0), 5, 5)];
    assert_eq!(mb(&moves), mb(&moves));
}
