//! The computer player, called directly with node budgets: it finds a
//! known shot, and Medium beats a random player.

use checkers::board::{Color, End, Position, parse_move, parse_record};
use checkers::search::{Budget, Strength, WIN, best_move};
use game_api::Rng;

/// A two-for-one, two ways: Black gives a man on 14 so that White's forced
/// 18x9 lets 6 jump two men, 6x13x22; or 10-14 17x10 6x15x22.
fn two_for_one() -> Position {
    Position::setup(
        &[1, 2, 3, 6, 9, 10],
        &[],
        &[17, 18, 21, 30, 31, 32],
        &[],
        Color::Black,
    )
}

#[test]
fn the_shot_is_what_the_rules_say() {
    let pos = two_for_one();
    let after = pos.play(&parse_move(&pos, "9-14").unwrap());
    let replies: Vec<String> = after.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(replies, ["18x9"]);
    let after = after.play(&after.legal_moves()[0]);
    let shots: Vec<String> = after.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(shots, ["6x13x22"]);
    let after = after.play(&after.legal_moves()[0]);
    assert_eq!(
        (after.count(Color::Black), after.count(Color::White)),
        (5, 4)
    );
    let other = pos.play(&parse_move(&pos, "10-14").unwrap());
    let replies: Vec<String> = other.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(replies, ["17x10"]);
    let other = other.play(&other.legal_moves()[0]);
    let shots: Vec<String> = other.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(shots, ["6x15x22"]);
}

#[test]
fn the_search_finds_the_two_for_one_at_a_small_budget() {
    let found = best_move(&two_for_one(), Budget::nodes(2_000), None, None).unwrap();
    assert_eq!(found.best.to_string(), "9-14", "{found:?}");
    assert!(found.score >= 60, "a man up: {found:?}");
    for strength in Strength::ALL {
        let found = best_move(&two_for_one(), strength.budget(), Some(7), None).unwrap();
        if strength != Strength::Easy {
            let shot = found.best.to_string();
            assert!(shot == "9-14" || shot == "10-14", "{strength:?}: {found:?}");
            assert!(found.score >= 60, "{strength:?}: {found:?}");
        }
    }
}

#[test]
fn the_search_sees_a_won_ending() {
    // Two black kings against one white man at the side: a win.
    let pos = Position::setup(&[], &[14, 15], &[28], &[], Color::Black);
    let found = best_move(&pos, Budget::nodes(50_000), None, None).unwrap();
    assert!(found.score > WIN - 1000, "{found:?}");
    // A won record plays to its end.
    let (_, end) = parse_record("11-15 24-19 15x24 28x19").unwrap();
    assert_eq!(end.count(Color::White), 11);
}

/// Plays one game: the computer of `strength` as `computer`, a player
/// picking uniformly among the legal moves (seeded by `seed`) as the other.
fn play_against_random(strength: Strength, computer: Color, seed: u64) -> Option<End> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::START;
    for _ in 0..400 {
        if let Some(end) = pos.end() {
            return Some(end);
        }
        let mv = if pos.turn() == computer {
            best_move(&pos, strength.budget(), Some(seed), None)
                .unwrap()
                .best
        } else {
            let moves = pos.legal_moves();
            moves[rng.below(moves.len() as u64) as usize]
        };
        pos = pos.play(&mv);
    }
    None
}

#[test]
fn medium_beats_a_random_player_at_least_95_times_in_100() {
    let mut won = 0;
    for seed in 0..100 {
        let computer = if seed % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        if play_against_random(Strength::Medium, computer, seed) == Some(End::Win(computer)) {
            won += 1;
        }
    }
    println!("Medium won {won} of 100 games against a random player");
    assert!(won >= 95, "won {won} of 100");
}

/// How many of 100 games `strength` wins against a random player, playing
/// black and white in turn.
fn wins_against_random(strength: Strength) -> u32 {
    let mut won = 0;
    for seed in 0..100 {
        let computer = if seed % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        if play_against_random(strength, computer, seed) == Some(End::Win(computer)) {
            won += 1;
        }
    }
    won
}

#[test]
fn easy_beats_a_random_player_at_least_95_times_in_100() {
    let won = wins_against_random(Strength::Easy);
    println!("Easy won {won} of 100 games against a random player");
    assert!(won >= 95, "won {won} of 100");
}

/// Hard thinks a million nodes a move (about half a second): 100 whole
/// games take tens of minutes, too long for the README's test command.
/// Run it by name: `cargo test --release -p checkers --test computer --
/// --ignored hard_beats`.
#[test]
#[ignore = "about 20 minutes: Hard's million-node moves, 100 games"]
fn hard_beats_a_random_player_at_least_95_times_in_100() {
    let won = wins_against_random(Strength::Hard);
    println!("Hard won {won} of 100 games against a random player");
    assert!(won >= 95, "won {won} of 100");
}

/// Plays `a` (as `a_color`) against `b`; the end, if any within 300 moves.
fn match_game(a: Strength, b: Strength, a_color: Color, seed: u64) -> Option<End> {
    let mut pos = Position::START;
    for _ in 0..300 {
        if let Some(end) = pos.end() {
            return Some(end);
        }
        let strength = if pos.turn() == a_color { a } else { b };
        pos = pos.play(
            &best_move(&pos, strength.budget(), Some(seed), None)
                .unwrap()
                .best,
        );
    }
    None
}

#[test]
fn medium_beats_easy_more_often_than_not() {
    let mut medium = 0;
    let mut easy = 0;
    for seed in 0..10 {
        let color = if seed % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        match match_game(Strength::Medium, Strength::Easy, color, seed) {
            Some(End::Win(c)) if c == color => medium += 1,
            Some(End::Win(_)) => easy += 1,
            _ => {}
        }
    }
    println!("Medium against Easy: {medium} won, {easy} lost of 10");
    assert!(medium >= 7 && easy <= 1, "{medium} won, {easy} lost");
}
