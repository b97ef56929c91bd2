//! Property tests of the rules and the computer, over random boards, moves
//! and games (proptest's generators are deterministic from their seed).

use game_api::{NewGame, SaveLoad};
use pousse::PousseGame;
use pousse::computer::{Strength, choose};
use pousse::rules::{
    Board, Ending, MAX_SIZE, MIN_SIZE, Match, Move, Player, Side, parse_record, record_text,
};
use pousse::settings::{Seat, Settings};
use proptest::prelude::*;

fn side() -> impl Strategy<Value = Side> {
    prop::sample::select(Side::ALL.to_vec())
}

/// A board of side `n` with random cells.
fn board(n: usize) -> impl Strategy<Value = Board> {
    prop::collection::vec(0u8..3, n * n).prop_map(move |cells| {
        let mut b = Board::empty(n);
        for (i, c) in cells.into_iter().enumerate() {
            let cell = match c {
                1 => Some(Player::X),
                2 => Some(Player::O),
                _ => None,
            };
            b.set(i / n, i % n, cell);
        }
        b
    })
}

fn sized_board() -> impl Strategy<Value = Board> {
    (MIN_SIZE..=MAX_SIZE).prop_flat_map(board)
}

/// A game of side `n` played by random moves (at most `len`), stopped at
/// its end.
fn random_game(n: usize, picks: &[(Side, usize)]) -> Match {
    let mut g = Match::new(n).unwrap();
    for &(side, i) in picks {
        if g.is_over() {
            break;
        }
        g.play(Move::new(side, i % n)).unwrap();
    }
    g
}

fn picks(len: usize) -> impl Strategy<Value = Vec<(Side, usize)>> {
    prop::collection::vec((side(), 0usize..8), 0..len)
}

proptest! {
    #[test]
    fn a_push_adds_one_marker_and_loses_what_falls_off(
        b in sized_board(), s in side(), i in 0usize..8, x in any::<bool>()
    ) {
        let n = b.size();
        let mv = Move::new(s, i % n);
        let p = if x { Player::X } else { Player::O };
        let (after, off) = b.push(mv, p);
        let total = |b: &Board| b.count(Player::X) + b.count(Player::O);
        prop_assert_eq!(total(&after) + u32::from(off.is_some()), total(&b) + 1);
        // The marker that fell off was at the far end of a full line.
        let line: Vec<(usize, usize)> = mv.line(n).collect();
        let full = line.iter().all(|&(r, c)| b.get(r, c).is_some());
        prop_assert_eq!(off.is_some(), full);
        if full {
            let (r, c) = line[n - 1];
            prop_assert_eq!(off, b.get(r, c));
        }
        // The new marker is at the entry cell, cells off the line are as
        // they were, and the line keeps its order up to the first gap.
        let (r0, c0) = line[0];
        prop_assert_eq!(after.get(r0, c0), Some(p));
        for r in 0..n {
            for c in 0..n {
                if !line.contains(&(r, c)) {
                    prop_assert_eq!(after.get(r, c), b.get(r, c));
                }
            }
        }
        let gap = line.iter().position(|&(r, c)| b.get(r, c).is_none()).unwrap_or(n - 1);
        for k in 0..gap {
            let (r, c) = line[k];
            let (r2, c2) = line[k + 1];
            prop_assert_eq!(after.get(r2, c2), b.get(r, c));
        }
        for &(r, c) in &line[gap + 1..] {
            prop_assert_eq!(after.get(r, c), b.get(r, c));
        }
    }

    #[test]
    fn straights_are_the_full_lines_of_one_colour(b in sized_board()) {
        let n = b.size();
        let mut counts = (0, 0);
        for i in 0..n {
            for cells in [
                (0..n).map(|k| b.get(i, k)).collect::<Vec<_>>(),
                (0..n).map(|k| b.get(k, i)).collect::<Vec<_>>(),
            ] {
                if cells.iter().all(|c| *c == Some(Player::X)) {
                    counts.0 += 1;
                }
                if cells.iter().all(|c| *c == Some(Player::O)) {
                    counts.1 += 1;
                }
            }
        }
        prop_assert_eq!(b.straights(), counts);
    }

    #[test]
    fn records_print_and_parse_back(n in MIN_SIZE..=MAX_SIZE, p in picks(30)) {
        let moves: Vec<Move> = p.iter().map(|&(s, i)| Move::new(s, i % n)).collect();
        let text = record_text(n, &moves);
        prop_assert_eq!(parse_record(&text), Ok((n, moves.clone())));
        prop_assert_eq!(parse_record(&text.to_lowercase()), Ok((n, moves)));
    }

    #[test]
    fn a_game_ends_exactly_where_the_rules_say(n in MIN_SIZE..=5usize, p in picks(60)) {
        let g = random_game(n, &p);
        // Replaying the record gives the same game, and every board before
        // the last had no majority and repeated nothing.
        let again = Match::replay(n, g.moves()).unwrap();
        prop_assert_eq!(&again, &g);
        let mut seen = vec![(Board::empty(n), None)];
        for k in 1..=g.moves().len() {
            let b = g.board_after(k).unwrap();
            let mover = if k % 2 == 1 { Player::X } else { Player::O };
            let repeated = seen.contains(&(b, Some(mover)));
            let last = k == g.moves().len();
            match (last, g.ending()) {
                (true, Some(Ending::Repetition { loser })) => {
                    prop_assert!(repeated);
                    prop_assert_eq!(loser, mover);
                }
                (true, Some(Ending::Straights { winner, .. })) => {
                    prop_assert!(!repeated);
                    prop_assert_eq!(b.dominant(), Some(winner));
                }
                _ => {
                    prop_assert!(!repeated);
                    prop_assert_eq!(b.dominant(), None);
                }
            }
            seen.push((b, Some(mover)));
        }
    }

    #[test]
    fn the_computer_plays_a_move_of_the_board_and_never_loses_at_once_needlessly(
        n in MIN_SIZE..=5usize, p in picks(12), seed in any::<u64>()
    ) {
        let g = random_game(n, &p);
        prop_assume!(!g.is_over());
        let c = choose(&g, Strength::Easy.budget(), seed).unwrap();
        prop_assert!(c.mv.index < n);
        let mover = g.to_move();
        let loses = |m: Move| g.consequence(m).1.is_some_and(|e| e.winner() != mover);
        if Move::all(n).any(|m| !loses(m)) {
            prop_assert!(!loses(c.mv), "{} after {}", c.mv, g.record());
        }
        prop_assert_eq!(choose(&g, Strength::Easy.budget(), seed).unwrap(), c);
    }

    #[test]
    fn a_saved_game_loads_back_the_same(n in MIN_SIZE..=MAX_SIZE, p in picks(20), seed in any::<u64>()) {
        let people = Settings { size: n, x: Seat::Person, o: Seat::Person };
        let g = random_game(n, &p);
        let mut game = PousseGame::with_settings(people, seed);
        game.start_from_game_id(&g.record()).unwrap();
        let bytes = game.save();
        let mut other = PousseGame::with_settings(Settings { size: 4, ..people }, 0);
        other.load(&bytes).unwrap();
        prop_assert_eq!(other.game(), &g);
        prop_assert_eq!(other.save(), bytes);
        prop_assert_eq!(other.game_id(), game.game_id());
    }
}
