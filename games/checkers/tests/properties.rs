//! Properties of the rules, the notation, saves and the search over
//! random games (proptest: any seed plays a random game).

use checkers::board::{Color, Position, parse_move, parse_record, record_text, row_of};
use checkers::game::{Checkers, Player, Players};
use checkers::search::{Budget, best_move};
use game_api::{NewGame, Rng, SaveLoad};
use proptest::prelude::*;

/// The positions of a random game from the start (at most `plies` moves),
/// with the moves leading to each.
fn random_game(seed: u64, plies: usize) -> Vec<(Position, Vec<checkers::board::Move>)> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::START;
    let mut moves = Vec::new();
    let mut seen = vec![(pos, moves.clone())];
    for _ in 0..plies {
        if pos.end().is_some() {
            break;
        }
        let legal = pos.legal_moves();
        let mv = legal[rng.below(legal.len() as u64) as usize];
        pos = pos.play(&mv);
        moves.push(mv);
        seen.push((pos, moves.clone()));
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_legal_move_obeys_the_rules(seed in any::<u64>()) {
        for (pos, _) in random_game(seed, 150) {
            let moves = pos.legal_moves();
            let turn = pos.turn();
            // Captures are forced: all or none of the moves capture.
            let captures = moves.iter().filter(|m| m.is_capture()).count();
            prop_assert!(captures == 0 || captures == moves.len());
            prop_assert_eq!(captures > 0, pos.has_capture());
            for mv in &moves {
                let piece = pos.piece(mv.from()).unwrap();
                prop_assert_eq!(piece.color, turn);
                let after = pos.play(mv);
                // Exactly the captured pieces go, all of them the enemy's.
                let taken = mv.captured_bits().count_ones();
                prop_assert_eq!(after.count(turn), pos.count(turn));
                prop_assert_eq!(after.count(turn.other()) + taken, pos.count(turn.other()));
                for sq in mv.captured() {
                    prop_assert_eq!(pos.piece(sq).unwrap().color, turn.other());
                }
                // A man goes forward only.
                if !piece.king {
                    let path: Vec<usize> = mv.path().collect();
                    for pair in path.windows(2) {
                        let forward = match turn {
                            Color::Black => row_of(pair[1]) > row_of(pair[0]),
                            Color::White => row_of(pair[1]) < row_of(pair[0]),
                        };
                        prop_assert!(forward, "{mv}");
                    }
                    // Crowned exactly on the far row.
                    let crowned = after.piece(mv.to()).unwrap().king;
                    prop_assert_eq!(crowned, row_of(mv.to()) == turn.crown_row());
                }
                // Notation round trip.
                prop_assert_eq!(parse_move(&pos, &mv.to_string()), Ok(*mv));
                prop_assert_eq!(after.turn(), turn.other());
            }
        }
    }

    #[test]
    fn records_and_saves_round_trip(seed in any::<u64>(), plies in 0usize..120) {
        let (pos, moves) = random_game(seed, plies).pop().unwrap();
        let text = record_text(&moves);
        let (parsed, replayed) = parse_record(&text).unwrap();
        prop_assert_eq!(&parsed, &moves);
        prop_assert_eq!(replayed, pos);
        let people = Players { black: Player::Person, white: Player::Person };
        let mut game = Checkers::with_players(people, seed);
        game.start_from_game_id(&text).unwrap();
        prop_assert_eq!(game.game_id(), text.clone());
        let bytes = game.save();
        let mut other = Checkers::with_players(people, 0);
        other.load(&bytes).unwrap();
        prop_assert_eq!(other.save(), bytes);
        prop_assert_eq!(*other.position(), pos);
    }

    #[test]
    fn the_search_always_plays_a_legal_move(seed in any::<u64>(), plies in 0usize..100) {
        let (pos, _) = random_game(seed, plies).pop().unwrap();
        let found = best_move(&pos, Budget::nodes(300), None, None);
        match pos.end() {
            Some(_) if pos.legal_moves().is_empty() => prop_assert!(found.is_none()),
            _ => prop_assert!(pos.legal_moves().contains(&found.unwrap().best)),
        }
    }
}
