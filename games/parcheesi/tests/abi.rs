//! Plays Parcheesi through the real C ABI table, as the launcher does:
//! whole games to their end (computers in all four seats; a person's
//! moves clicked against three computers), and what a player sees on the
//! way: the status line, the pawns drawn, the regions, refusals with their
//! reasons, ticks only while a computer plays, saves and game IDs.

use game_api::host::{GameInstance, Recorder};
use game_api::{Event, GameResult, Point, Rgba, Shape};
use game_test::play::frame;
use parcheesi::game::{DIE, die_min, pawn_color, pawn_spot};
use parcheesi::play::Match;
use parcheesi::rules::{Color, Loc, Move, Pawn};
use parcheesi::save;

fn start() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&parcheesi::GAME_TABLE)
}

fn click(game: &mut GameInstance, pos: Point) {
    game.handle_event(&Event::press(pos)).unwrap();
    game.handle_event(&Event::release(pos)).unwrap();
}

/// The fill of the last circle drawn around `p`.
fn circle_at(shapes: &[Shape], p: Point) -> Option<Rgba> {
    shapes.iter().rev().find_map(|s| match s {
        Shape::Circle {
            center,
            radius,
            style,
        } if (p.x - center.x).powi(2) + (p.y - center.y).powi(2) <= radius.powi(2) => style.fill,
        _ => None,
    })
}

/// The game as the save says (a person to move: the whole record).
fn position(game: &mut GameInstance) -> Match {
    save::load_text(&game.save().unwrap()).expect("the save replays")
}

fn set_all_seats(game: &mut GameInstance, name: &str) {
    for c in ["green", "red", "blue", "yellow"] {
        game.invoke_action(&format!("seat-{c}"), name).unwrap();
    }
}

#[test]
fn computers_in_all_four_seats_play_a_whole_game() {
    let (mut game, recorder) = start();
    game.new_game(five_six_seed()).unwrap();
    let ticking = recorder
        .requests()
        .iter()
        .rev()
        .find(|r| r.starts_with("tick"))
        .is_some_and(|r| r != "tick stop");
    assert!(!ticking, "no ticks while a person is to move");
    game.invoke_action("seat-red", "Reckless Renee").unwrap();
    game.invoke_action("seat-blue", "Polite Polly").unwrap();
    game.invoke_action("seat-yellow", "Amazing Grace").unwrap();
    game.invoke_action("seat-green", "Amazing Grace").unwrap();
    assert_eq!(recorder.last().as_deref(), Some("tick 0.1"));
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Green (Amazing Grace) rolled") && status.contains("is thinking"),
        "{status}"
    );
    let mut ticks = 0;
    let mut seen_moving = false;
    while !game.status().unwrap().contains("wins!") {
        game.handle_event(&Event::Tick { dt: 0.5 }).unwrap();
        seen_moving |= game.status().unwrap().contains("is moving");
        ticks += 1;
        assert!(ticks < 20_000, "the game ends");
    }
    assert!(seen_moving);
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    let status = game.status().unwrap();
    let winner = Color::ALL
        .into_iter()
        .find(|c| status.starts_with(&format!("{} (", c.name())))
        .expect("the status names the winner");
    // The winner's four pawns are home, drawn in its colour in the centre.
    let shapes = frame(&mut game);
    let regions = game.regions().unwrap();
    for p in Pawn::of(winner) {
        let label = format!("{p} home");
        let r = regions
            .iter()
            .find(|r| r.label == label)
            .unwrap_or_else(|| panic!("{label}"));
        assert_eq!(circle_at(&shapes, r.center()), Some(pawn_color(winner)));
    }
    // A game only watched counts for nothing.
    assert_eq!(game.outcome().unwrap().result, GameResult::Playing);
    // The record replays to the end.
    let m = position(&mut game);
    assert_eq!(m.winner(), Some(winner));
}

/// Clicks the first legal move for the person to move; false when it is
/// not a person's turn.
fn click_a_legal_move(game: &mut GameInstance) -> bool {
    if !game.status().unwrap().starts_with("Green (you)") {
        return false;
    }
    let mut m = position(game);
    assert_eq!(m.current(), Color::Green);
    let (mv, _) = m.legal_moves()[0];
    let pawn = mv.pawn();
    let (at, _) = pawn_spot(m.board(), pawn);
    click(game, at);
    let status = game.status().unwrap();
    assert!(status.contains(&format!("{pawn} chosen")), "{status}");
    let die = match mv {
        Move::Enter(_) => m.dice_left().iter().position(|&d| d == 5).unwrap_or(0),
        _ => m
            .dice_left()
            .iter()
            .position(|&d| d == mv.distance())
            .expect("the die"),
    };
    let min = die_min(die);
    click(game, Point::new(min.x + DIE / 2.0, min.y + DIE / 2.0));
    let after = game.status().unwrap();
    assert!(
        after != status && !after.contains("Not legal"),
        "the move was made: {after}"
    );
    true
}

#[test]
fn a_person_clicks_a_whole_game_against_three_computers() {
    let (mut game, recorder) = start();
    game.start_from_game_id("77:pnla").unwrap();
    assert_eq!(game.game_id().unwrap(), "77:pnla");
    let mut steps = 0;
    let mut clicked = 0;
    while !game.outcome().unwrap().is_over() {
        if click_a_legal_move(&mut game) {
            clicked += 1;
        } else {
            game.handle_event(&Event::Tick { dt: 0.5 }).unwrap();
        }
        steps += 1;
        assert!(steps < 30_000, "the game ends");
    }
    assert!(clicked > 20, "{clicked}");
    let outcome = game.outcome().unwrap();
    let status = game.status().unwrap();
    if status.starts_with("Green (you) wins!") {
        assert_eq!(outcome.result, GameResult::Won);
    } else {
        assert!(status.contains("wins!"), "{status}");
        assert_eq!(outcome.result, GameResult::Lost);
    }
    assert!(recorder.requests().iter().any(|r| r == "tick stop"));
}

/// A seed whose first roll is a 5 and a 6.
fn five_six_seed() -> u64 {
    (0..10_000u64)
        .find(|&s| {
            let m = Match::new(s, parcheesi::game::DEFAULT_SEATS);
            m.current() == Color::Green && matches!(m.roll(), (5, 6) | (6, 5))
        })
        .expect("a seed rolls 5 and 6 first")
}

#[test]
fn refused_moves_say_why() {
    let (mut game, _) = start();
    let seed = five_six_seed();
    game.new_game(seed).unwrap();
    let status = game.status().unwrap();
    assert!(status.starts_with("Green (you) rolled"), "{status}");
    assert!(status.contains("dice left: 5, 6"), "{status}");
    let m = position(&mut game);
    let (g1, g2) = (Pawn::new(Color::Green, 0), Pawn::new(Color::Green, 1));
    // A red pawn is not yours.
    let red = pawn_spot(m.board(), Pawn::new(Color::Red, 0)).0;
    click(&mut game, red);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Not legal: that is Red's pawn; it is Green's turn"),
        "{status}"
    );
    // Choose pawn 1: its entry square is lit, marked with the 5.
    click(&mut game, pawn_spot(m.board(), g1).0);
    let regions = game.regions().unwrap();
    let lit: Vec<&str> = regions
        .iter()
        .filter(|r| r.label.starts_with("move "))
        .map(|r| r.label.as_str())
        .collect();
    assert_eq!(lit, ["move Green pawn 1 5 to safe square 5"]);
    let shapes = frame(&mut game);
    let entry_square = regions
        .iter()
        .find(|r| r.label.starts_with("move "))
        .unwrap();
    assert!(shapes.iter().any(|s| matches!(s,
        Shape::Rect { min, style, .. }
            if style.stroke.is_some_and(|k| k.color == parcheesi::game::HIGHLIGHT)
                && (min.x - entry_square.min.x).abs() < 4.0
                && (min.y - entry_square.min.y).abs() < 4.0)));
    // The 6 is refused: it cannot enter on a 6.
    let six = m.dice_left().iter().position(|&d| d == 6).unwrap();
    let min = die_min(six);
    click(&mut game, Point::new(min.x + 5.0, min.y + 5.0));
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Not legal: Green pawn 1 cannot enter: entering needs a 5"),
        "{status}"
    );
    // Enter with the 5 (drag the pawn to its lit entry square).
    let entry = {
        let mut after = *m.board();
        after.set(g1, Loc::Main(5));
        pawn_spot(&after, g1).0
    };
    game.handle_event(&Event::press(pawn_spot(m.board(), g1).0))
        .unwrap();
    game.handle_event(&Event::release(entry)).unwrap();
    let m2 = position(&mut game);
    assert_eq!(m2.board().loc(g1), Loc::Main(5));
    assert_eq!(m2.dice_left(), &[6]);
    // Pawn 2 is still in the nest, and only a 6 is left.
    click(&mut game, pawn_spot(m2.board(), g2).0);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Not legal: Green pawn 2 cannot move: entering needs a 5"),
        "{status}"
    );
}

#[test]
fn the_keyboard_plays_a_move() {
    let (mut game, recorder) = start();
    game.new_game(five_six_seed()).unwrap();
    game.handle_event(&Event::key("ArrowRight")).unwrap();
    let status = game.status().unwrap();
    assert!(status.contains("Green pawn 1 chosen"), "{status}");
    // The cursor is on the first die, the 5 (dice are sorted).
    game.handle_event(&Event::key("Enter")).unwrap();
    let m = position(&mut game);
    assert_eq!(m.board().loc(Pawn::new(Color::Green, 0)), Loc::Main(5));
    game.handle_event(&Event::key("h")).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("help Parcheesi false"));
}

#[test]
fn undo_while_a_computer_thinks_goes_back_to_the_persons_move() {
    let (mut game, recorder) = start();
    game.new_game(five_six_seed()).unwrap();
    let before = game.save().unwrap();
    // Enter, then move on by 6: green's turn is over, red thinks.
    assert!(click_a_legal_move(&mut game));
    let mid = game.save().unwrap();
    assert_ne!(mid, before, "a person's mini-move is a move to undo");
    while game.status().unwrap().starts_with("Green (you)") {
        assert!(click_a_legal_move(&mut game));
    }
    assert!(game.status().unwrap().starts_with("Red (Reckless Renee)"));
    assert_eq!(recorder.last().as_deref(), Some("tick 0.1"));
    // Red's moves do not change the save: it is the person's last choice.
    let during = game.save().unwrap();
    game.handle_event(&Event::Tick { dt: 0.5 }).unwrap();
    game.handle_event(&Event::Tick { dt: 0.5 }).unwrap();
    assert_eq!(game.save().unwrap(), during);
    // Undo (the launcher loads the earlier save): green to move again.
    game.load(&mid).unwrap();
    assert!(game.status().unwrap().starts_with("Green (you)"));
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
}

#[test]
fn saves_and_game_ids_are_checked() {
    let (mut game, _) = start();
    game.new_game(5).unwrap();
    let good = game.save().unwrap();
    let text = String::from_utf8(good.clone()).unwrap();
    assert!(text.starts_with("parcheesi 1\nseed 5\nseats pnla\nmoves"));
    for bad in [
        b"".to_vec(),
        b"Lights Out save 1\n".to_vec(),
        good[..good.len() - 4].to_vec(),
        text.replace("moves", "moves g1:60").into_bytes(),
        text.replace("parcheesi 1", "parcheesi 9").into_bytes(),
    ] {
        assert!(game.load(&bad).is_err());
        assert_eq!(game.save().unwrap(), good, "the game is unchanged");
    }
    for bad in ["", "abc", "12:pq", "12:pnl", "-1"] {
        let err = game.start_from_game_id(bad).unwrap_err();
        assert!(err.to_string().contains("game ID") || err.to_string().contains("seats"));
    }
    game.start_from_game_id(" 99 ").unwrap();
    assert_eq!(game.game_id().unwrap(), "99:pnla");
    game.start_from_game_id("99:aaaa").unwrap();
    assert_eq!(game.game_id().unwrap(), "99:aaaa");
    assert!(game.invoke_action("seat-green", "Nobody").is_err());
    assert!(game.invoke_action("speed", "").is_err());
}

#[test]
fn the_same_seed_deals_the_same_dice_and_the_seats_are_choices() {
    let (mut a, _) = start();
    let (mut b, _) = start();
    a.new_game(31).unwrap();
    b.new_game(31).unwrap();
    assert_eq!(a.status().unwrap(), b.status().unwrap());
    let actions = a.actions().unwrap();
    assert_eq!(actions.len(), 4);
    for (action, name) in actions.iter().zip(["Green", "Red", "Blue", "Yellow"]) {
        assert_eq!(action.label, name);
        match &action.kind {
            game_api::ActionKind::Choice { options, .. } => assert_eq!(
                options,
                &["Person", "Reckless Renee", "Polite Polly", "Amazing Grace"]
            ),
            other => panic!("{other:?}"),
        }
    }
    set_all_seats(&mut a, "Person");
    assert!(a.status().unwrap().starts_with("Green (a person)"));
}
