//! The computer players: the original's facts about distances and bop
//! chances (`best-players.rkt`), the search, the rule that every die that
//! can be used is used, properties of whole games, and Amazing Grace
//! against Random Ron.

use game_api::Rng;
use parcheesi::play::{self, Match};
use parcheesi::players::{Search, Seat, choose_turn};
use parcheesi::rules::{
    BadMove, Board, Color, Loc, Move, Pawn, Square, TurnState, TurnTree, bop_chance, distance,
    loc_distance, make_moves, take_turn,
};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// Seeded cases, the same every run.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x9A2C_4EE5),
        ..ProptestConfig::default()
    }
}

use Color::{Blue, Green, Red, Yellow};
use Loc::{HomeRow, Main};

fn p(c: Color, id: u8) -> Pawn {
    Pawn::new(c, id)
}
fn mb(moves: &[Move]) -> Board {
    make_moves(&Board::new(), moves).unwrap().0
}
fn e(pawn: Pawn) -> Move {
    Move::Enter(pawn)
}
fn m(pawn: Pawn, start: u8, d: u8) -> Move {
    Move::Main(pawn, start, d)
}

#[test]
fn distances_as_the_original_counts_them() {
    assert_eq!(loc_distance(Loc::Start, Red), 100);
    assert_eq!(loc_distance(Loc::Home, Red), 0);
    assert_eq!(loc_distance(HomeRow(1), Red), 6);
    assert_eq!(loc_distance(Main(Red.enter_pos()), Red), 73);
    assert_eq!(loc_distance(Main(Red.exit_pos()), Red), 73 - 68 - (17 - 22));
    assert_eq!(distance(&Board::new(), Green), 400);
    for c in [Green, Red, Yellow, Blue] {
        assert_eq!(distance(&mb(&[e(p(c, 0))]), c), 300 + 73);
    }
    let y0 = p(Yellow, 0);
    let at48 = [e(y0), m(y0, 56, 60)];
    let with = |d| {
        let mut v = at48.to_vec();
        v.push(m(y0, 48, d));
        distance(&mb(&v), Yellow)
    };
    assert_eq!(with(3), 310);
    assert_eq!(with(4), 307);
    assert_eq!(with(11), 300);
    assert_eq!(with(10), 301);
    assert_eq!(distance(&mb(&[e(y0), m(y0, 56, 40)]), Yellow), 333);
    let b = |id| p(Blue, id);
    assert_eq!(
        distance(
            &mb(&[
                e(b(0)),
                e(b(1)),
                m(b(0), 39, 1),
                m(b(1), 39, 1),
                e(b(2)),
                e(b(3))
            ]),
            Blue
        ),
        73 + 73 + 72 + 72
    );
}

#[test]
fn bop_chances_as_the_original_counts_them() {
    let g0 = p(Green, 0);
    let (r0, r1, r2) = (p(Red, 0), p(Red, 1), p(Red, 2));
    assert_eq!(bop_chance(&Board::new(), Green), 0);
    assert_eq!(bop_chance(&mb(&[e(g0), e(r0), m(g0, 5, 16)]), Green), 0);
    assert_eq!(
        bop_chance(&mb(&[e(g0), e(p(Green, 1)), m(g0, 5, 1)]), Green),
        0
    );
    // Green just past or on red's entry, red's pawns in the nest.
    for (d, want) in [
        (17, 15),
        (18, 2),
        (19, 2),
        (20, 2),
        (21, 2),
        (22, 1),
        (23, 2),
        (27, 0),
    ] {
        assert_eq!(bop_chance(&mb(&[e(g0), m(g0, 5, d)]), Green), want, "{d}");
    }
    let base = [e(g0), e(r0), m(g0, 5, 16)];
    assert_eq!(bop_chance(&mb(&base), Red), 0);
    let mut v = base.to_vec();
    v.push(m(r0, 22, 1));
    assert_eq!(bop_chance(&mb(&v), Red), 11);
    let mut v = base.to_vec();
    v.extend([e(r1), m(r0, 22, 1)]);
    assert_eq!(bop_chance(&mb(&v), Red), 11);
    let mut v = base.to_vec();
    v.extend([e(r1), m(r0, 22, 1), m(r1, 22, 1)]);
    assert_eq!(bop_chance(&mb(&v), Red), 0, "a blockade is safe");
    v.push(e(r2));
    assert_eq!(bop_chance(&mb(&v), Red), 0);
    let mut v = base.to_vec();
    v.extend([e(r1), m(r0, 22, 1), m(r1, 22, 2), e(r2), m(r2, 22, 1)]);
    assert_eq!(bop_chance(&mb(&v), Red), 0, "behind its own blockade");
}

#[test]
fn the_search_finds_the_ways_to_end_a_turn() {
    // 2 and 3 from the nests: enter one pawn (the nest's pawns are alike,
    // so the search enters the first).
    let mut s = Search::new(Seat::Grace, Green, &Board::new(), &[2, 3]);
    assert!(s.step(usize::MAX));
    assert_eq!(s.candidates(), 1);
    let mut rng = Rng::new(1);
    assert_eq!(s.choose(&mut rng), vec![e(p(Green, 0))]);
    // 5 and 2: enter and move on 2.
    let turn = choose_turn(Seat::Polly, Green, &Board::new(), &[5, 2], &mut rng);
    assert_eq!(turn, vec![e(p(Green, 0)), m(p(Green, 0), 5, 2)]);
}

#[test]
fn the_search_runs_in_slices_to_the_same_answer() {
    let b = Board::with(&[
        (p(Green, 0), Main(10)),
        (p(Green, 1), Main(20)),
        (p(Green, 2), Main(30)),
        (p(Green, 3), Main(40)),
        (p(Red, 0), Main(25)),
    ]);
    let mut whole = Search::new(Seat::Grace, Green, &b, &[1, 1, 6, 6]);
    assert!(whole.step(usize::MAX));
    let mut sliced = Search::new(Seat::Grace, Green, &b, &[1, 1, 6, 6]);
    let mut slices = 0;
    while !sliced.step(10) {
        slices += 1;
    }
    assert!(slices > 10, "{slices}");
    assert_eq!(sliced.nodes(), whole.nodes());
    assert_eq!(
        sliced.choose(&mut Rng::new(3)),
        whole.choose(&mut Rng::new(3))
    );
}

#[test]
fn each_player_prefers_its_own_board() {
    // Green on 10 with a 6: red sits on 16 (bop) and 14 is free.
    let b = Board::with(&[
        (p(Green, 0), Main(10)),
        (p(Green, 1), Loc::Home),
        (p(Green, 2), Loc::Home),
        (p(Green, 3), Loc::Home),
        (p(Red, 0), Main(16)),
    ]);
    let mut rng = Rng::new(9);
    // Grace bops (20 more squares home) and runs.
    let grace = choose_turn(Seat::Grace, Green, &b, &[6, 4], &mut rng);
    assert_eq!(grace[0], m(p(Green, 0), 10, 6), "{grace:?}");
    // Polly moves as little as she must: no bop.
    let polly = choose_turn(Seat::Polly, Green, &b, &[6, 4], &mut rng);
    assert!(!polly.iter().any(|mv| mv.distance() == 20), "{polly:?}");
}

#[test]
fn every_die_that_can_be_used_must_be_used() {
    // Green pawn A on its home row square 1 (needs 7 home), B on 10 with
    // a red blockade on 16. With 4 and 6: A by 4 leaves the 6 unusable
    // (too far for A, onto the blockade for B), while A by 6 and B by 4
    // use both. The original's take-turn accepts A by 4 alone.
    let a = p(Green, 0);
    let bb = p(Green, 1);
    let b = Board::with(&[
        (a, HomeRow(0)),
        (bb, Main(10)),
        (p(Green, 2), Loc::Home),
        (p(Green, 3), Loc::Home),
        (p(Red, 0), Main(16)),
        (p(Red, 1), Main(16)),
    ]);
    let mut after = b;
    after.set(a, HomeRow(4));
    assert_eq!(
        take_turn(Green, &b, &[4, 6], &[Move::Home(a, 0, 4)]),
        Ok(after)
    );
    let mut tree = TurnTree::new(&b, Green, &[4, 6]);
    assert_eq!(tree.target(), 0);
    let s = TurnState::new(b, &[4, 6]);
    assert_eq!(tree.check(&s, a, 4), Err(BadMove::UsesFewerDice));
    let s2 = tree.check(&s, a, 6).expect("A by 6 is legal");
    assert_eq!(
        tree.check(&s2, bb, 4).map(|s| s.board.loc(bb)),
        Ok(Main(14))
    );
    assert_eq!(
        tree.check(&s, bb, 6),
        Err(BadMove::Blockade(Square::Main(16)))
    );
    // The computers obey it too.
    for seat in [Seat::Renee, Seat::Polly, Seat::Grace, Seat::Random] {
        let turn = choose_turn(seat, Green, &b, &[4, 6], &mut Rng::new(5));
        assert_eq!(turn.len(), 2, "{seat:?} {turn:?}");
    }
}

/// Plays a game turn by turn with computers, checking each turn with the
/// original's `take-turn` and the board's invariants.
fn check_game(seed: u64, seats: [Seat; 4], max_rolls: u32) -> Match {
    let mut game = Match::new(seed, seats);
    while game.winner().is_none() && game.turns() < max_rolls {
        let color = game.current();
        let (board, dice) = (*game.board(), game.dice_left().to_vec());
        let turn = choose_turn(
            game.current_seat(),
            color,
            &board,
            &dice,
            &mut play::tie_break_rng(seed, game.turns()),
        );
        let expected = take_turn(color, &board, &dice, &turn)
            .unwrap_or_else(|e| panic!("{color:?} {dice:?} {turn:?}: {e}"));
        let roll_before = game.turns();
        for mv in &turn {
            game.play(*mv).unwrap();
        }
        // The turn's board, unless the next roll was a third doubles.
        if game.turns() == roll_before + 1 || game.winner().is_some() {
            assert_eq!(*game.board(), expected);
        }
        // No square holds more than two pawns, or two colours.
        for i in 0..68 {
            let there = game.board().at_main(i);
            assert!(there.len() <= 2);
            assert!(there.windows(2).all(|w| w[0].color() == w[1].color()));
        }
    }
    game
}

proptest! {
    #![proptest_config(config(6))]
    #[test]
    fn every_computer_turn_passes_the_originals_check(seed in any::<u64>()) {
        let g = check_game(seed, [Seat::Grace, Seat::Renee, Seat::Polly, Seat::Random], 120);
        // The record replays to the same position.
        let again = Match::replay(seed, g.seats(), g.record()).unwrap();
        prop_assert_eq!(again.board(), g.board());
        prop_assert_eq!(again.dice_left(), g.dice_left());
    }

    #[test]
    fn the_same_seed_rolls_the_same_dice(seed in any::<u64>()) {
        let a = Match::new(seed, [Seat::Person; 4]);
        let b = Match::new(seed, [Seat::Grace; 4]);
        prop_assert_eq!(a.roll(), b.roll());
        prop_assert_eq!(a.current(), b.current());
    }
}

#[test]
fn amazing_grace_beats_random_ron() {
    // 200 seeded games: Grace in one seat (turning round the four seats),
    // Random Ron in the other three.
    let mut grace_wins = 0;
    let mut random_wins = 0;
    for game in 0..200u64 {
        let mut seats = [Seat::Random; 4];
        let grace = (game % 4) as usize;
        seats[grace] = Seat::Grace;
        let m = play::play_out(1000 + game, seats, 5000);
        let w = m.winner().expect("every game ends").index();
        if w == grace {
            grace_wins += 1;
        } else {
            random_wins += 1;
        }
    }
    println!("Amazing Grace won {grace_wins} of 200; the three Random Rons {random_wins}");
    // Grace wins more than a quarter (a random seat's share), and more
    // than each Random Ron on average.
    assert!(grace_wins > 50, "{grace_wins}");
    assert!(
        grace_wins * 3 > random_wins,
        "{grace_wins} vs {random_wins}"
    );
}

#[test]
fn the_originals_problem_board_is_searched_whole() {
    // Blue with double 1s and 6s on a crowded board: 2441 candidates in
    // the original (which entered any of the nest's pawns).
    let mut b = Board::new();
    for (c, ls) in [
        (Blue, [Some(54), Some(63), Some(39), Some(54)]),
        (Green, [None, None, None, Some(40)]),
        (Red, [None, None, Some(14), None]),
        (Yellow, [Some(60), Some(15), Some(6), Some(0)]),
    ] {
        for (id, l) in ls.into_iter().enumerate() {
            if let Some(i) = l {
                b.set(p(c, id as u8), Main(i));
            }
        }
    }
    let mut s = Search::new(Seat::Grace, Blue, &b, &[1, 1, 6, 6]);
    assert!(s.step(usize::MAX));
    println!("nodes {} candidates {}", s.nodes(), s.candidates());
    assert_eq!(s.candidates(), 2441, "as the original found");
    let turn = s.choose(&mut Rng::new(1));
    assert_eq!(
        take_turn(Blue, &b, &[1, 1, 6, 6], &turn).map(|_| ()),
        Ok(())
    );
}

proptest! {
    #![proptest_config(config(8))]
    #[test]
    fn a_save_loads_back_to_the_same_game(seed in any::<u64>(), rolls in 0u32..60) {
        use game_api::{Host, SaveLoad};
        use parcheesi::Parcheesi;
        let mut g = Parcheesi::with_seed(Host::detached(), seed, [Seat::Grace; 4]);
        while g.game().turns() < rolls && g.game().winner().is_none() {
            g.computer_tick(1.0);
        }
        let bytes = g.save();
        let mut h = Parcheesi::with_seed(Host::detached(), seed ^ 1, [Seat::Person; 4]);
        h.load(&bytes).unwrap();
        prop_assert_eq!(h.save(), bytes);
        prop_assert_eq!(h.game().board(), g.game().board());
        prop_assert_eq!(h.game().current(), g.game().current());
        prop_assert_eq!(h.game().dice_left(), g.game().dice_left());
    }
}
