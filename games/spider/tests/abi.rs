//! Plays Spider through the real C ABI table, as the launcher does, and
//! checks what a player sees: the labelled regions (every card a screen
//! reader names), the status line, the outcome. The person's side is played
//! by the crate's simple player; its moves are made with the pointer (drags,
//! and clicks on the sequence then its new column) and the keys, found by
//! the regions' labels. Animations run on `Tick` events the test sends.

use game_api::host::{GameInstance, Recorder};
use game_api::{ActionKind, Event, GameResult, Point, Region};
use game_test::play::{click, drag, region, send};
use spider::hint::Player;
use spider::rules::{Move, Spider, Suits};

fn start() -> GameInstance {
    game_test::play::start(&spider::GAME_TABLE)
}

fn start_recorded() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&spider::GAME_TABLE)
}

/// The region of card `index` of column `col` (1-based in labels).
fn card_region(game: &mut GameInstance, col: usize, index: usize) -> Region {
    let n = state(game).columns[col].cards.len();
    let place = if index + 1 == n {
        format!("top of column {}", col + 1)
    } else {
        format!("card {} of column {}", index + 1, col + 1)
    };
    region(game, |l| {
        l.ends_with(&place) || l.contains(&format!("{place},"))
    })
    .unwrap_or_else(|| panic!("no region for {place}"))
}

/// Where a sequence is put: the column's top card, or its empty place.
fn column_region(game: &mut GameInstance, col: usize) -> Region {
    let top = format!("top of column {}", col + 1);
    let empty = format!("column {}, empty", col + 1);
    region(game, |l| l.contains(&top) || l == empty).unwrap()
}

/// The rules' state, read back from the game's save.
fn state(game: &mut GameInstance) -> Spider {
    spider::save::read(&game.save().unwrap()).unwrap().game
}

/// The first one-suit deal the simple player wins, at the rules' level.
fn winnable_seed() -> u64 {
    (1..=40)
        .find(|&seed| Player::new().play_out(&mut Spider::deal(Suits::One, seed), 3000))
        .expect("the simple player wins one of forty one-suit deals")
}

#[test]
fn a_whole_one_suit_game_is_won_with_drags_clicks_and_deals() {
    let seed = winnable_seed();
    let (mut game, recorder) = start_recorded();
    let canvas = Point::new(1000.0, 560.0);
    game.layout(canvas).unwrap();
    assert!(recorder.requests().iter().any(|r| r.contains("layout")));
    game.start_from_game_id(&format!("1:{seed}")).unwrap();
    assert_eq!(game.game_id().unwrap(), format!("1:{seed}"));
    assert_eq!(game.title().unwrap(), "Spider");
    let status = game.status().unwrap();
    assert!(
        status.starts_with("0 of 8 suits finished, 5 deals left in the deck, 0 moves."),
        "{status}"
    );
    // Fifty-four cards on the table: ten face up (named), 44 face down.
    let regions = game.regions().unwrap();
    let named = regions
        .iter()
        .filter(|r| r.label.contains(" of spades, face up, "))
        .count();
    assert_eq!(named, 10);
    assert_eq!(
        regions
            .iter()
            .filter(|r| r.label.starts_with("face down, card"))
            .count(),
        44
    );
    assert!(
        regions
            .iter()
            .any(|r| r.label == "face down, top of deck, 50 cards")
    );

    let mut player = Player::new();
    let mut expected = state(&mut game);
    let mut made = 0;
    while game.outcome().unwrap().result == GameResult::Playing {
        let mv = player.next(&expected).expect("the player wins this deal");
        match mv {
            Move::Deal => {
                let deck = region(&mut game, |l| l.contains("top of deck")).unwrap();
                click(&mut game, deck.center());
            }
            Move::Sequence { from, index, to } => {
                let card = card_region(&mut game, from, index).center();
                let target = column_region(&mut game, to).center();
                if made % 2 == 0 {
                    drag(&mut game, card, target);
                } else {
                    click(&mut game, card);
                    assert!(game.status().unwrap().starts_with("Selected the "));
                    click(&mut game, target);
                }
            }
        }
        expected.play(mv).unwrap();
        made += 1;
        assert_eq!(state(&mut game), expected, "after {mv:?}");
        // Long columns close up their fan: every card stays on the canvas.
        for r in game.regions().unwrap() {
            assert!(
                r.min.y + r.size.y <= canvas.y + 0.5,
                "{} off the canvas",
                r.label
            );
        }
        for _ in 0..20 {
            send(&mut game, Event::Tick { dt: 0.016 });
        }
        assert!(made < 3000);
    }
    eprintln!("seed {seed}: won in {made} moves");
    assert!(made > 100, "a whole game takes more than {made} moves");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(i64::from(expected.moves)));
    assert!(!outcome.assisted);
    assert!(game.score_kind().unwrap().lower_is_better);
    assert_eq!(
        game.status().unwrap(),
        format!(
            "All eight suits are finished in {} moves. You win!",
            expected.moves
        )
    );
    let kings = game
        .regions()
        .unwrap()
        .into_iter()
        .filter(|r| {
            r.label
                .starts_with("king of spades, face up, top of foundation")
        })
        .count();
    assert_eq!(kings, 8);
}

#[test]
fn refused_moves_say_why_and_change_nothing() {
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    game.start_from_game_id("2:5").unwrap();
    let before = state(&mut game);
    // A column's top card dragged onto a column it does not fit.
    let (from, to) = (0..10)
        .flat_map(|f| (0..10).map(move |t| (f, t)))
        .find(|&(f, t)| {
            f != t
                && before
                    .check(Move::Sequence {
                        from: f,
                        index: before.columns[f].cards.len() - 1,
                        to: t,
                    })
                    .is_err()
        })
        .unwrap();
    let card = card_region(&mut game, from, before.columns[from].cards.len() - 1).center();
    let target = column_region(&mut game, to).center();
    drag(&mut game, card, target);
    assert_eq!(state(&mut game), before);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Refused: a card goes only on a card one higher"),
        "{status}"
    );
    // A face-down card cannot be picked up: a click on it selects nothing.
    let down = card_region(&mut game, 0, 0).center();
    click(&mut game, down);
    assert!(!game.status().unwrap().contains("Selected"));
    // Click a sequence, and click it again to let it go.
    click(&mut game, card);
    assert!(game.status().unwrap().starts_with("Selected the "));
    assert!(region(&mut game, |l| l.ends_with(", selected")).is_some());
    click(&mut game, card);
    assert!(!game.status().unwrap().contains("Selected"));
}

#[test]
fn a_row_is_dealt_only_when_no_column_is_empty() {
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    game.start_from_game_id("1:3").unwrap();
    let deck = region(&mut game, |l| l.contains("top of deck"))
        .unwrap()
        .center();
    click(&mut game, deck);
    let dealt = state(&mut game);
    assert_eq!(dealt.stock.len(), 40);
    assert!(dealt.columns.iter().all(|c| c.cards.len() >= 6));
    assert!(game.status().unwrap().contains("4 deals left"));
    // Empty a column by loading a position with one, then try to deal.
    let mut empty = dealt.clone();
    let cards = std::mem::take(&mut empty.columns[9].cards);
    empty.columns[9].down = 0;
    empty.columns[8].cards.extend(cards);
    let saved = spider::save::write(&spider::save::Saved {
        game: empty.clone(),
        seed: 3,
        hints: 0,
    });
    game.load(saved.as_bytes()).unwrap();
    assert!(region(&mut game, |l| l == "column 10, empty").is_some());
    let deal = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == "deal")
        .unwrap();
    assert!(!deal.enabled);
    click(&mut game, deck);
    assert_eq!(state(&mut game), empty);
    assert!(
        game.status()
            .unwrap()
            .starts_with("Refused: fill every empty column before dealing."),
        "{}",
        game.status().unwrap()
    );
}

#[test]
fn keys_pick_a_sequence_up_and_put_it_down() {
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    // Find a deal whose opening has a move, and make it with the keys.
    let (seed, from, index, to) = (1..50)
        .find_map(|seed| {
            let g = Spider::deal(Suits::Two, seed);
            g.legal_moves().into_iter().find_map(|m| match m {
                Move::Sequence { from, index, to } => Some((seed, from, index, to)),
                Move::Deal => None,
            })
        })
        .unwrap();
    game.start_from_game_id(&format!("2:{seed}")).unwrap();
    let before = state(&mut game);
    // The cursor starts at the deck; the columns follow the eight foundations.
    send(&mut game, Event::key("ArrowRight"));
    assert!(game.status().unwrap().contains("at foundation 1, empty"));
    for _ in 0..8 + from {
        send(&mut game, Event::key("ArrowRight"));
    }
    assert_eq!(index + 1, before.columns[from].cards.len());
    send(&mut game, Event::key("Enter"));
    assert!(
        game.status().unwrap().contains("holding"),
        "{}",
        game.status().unwrap()
    );
    let steps = (to + 10 - from) % 10;
    for _ in 0..steps {
        send(&mut game, Event::key("ArrowRight"));
    }
    send(&mut game, Event::key("Enter"));
    let mut expected = before;
    expected.play(Move::Sequence { from, index, to }).unwrap();
    assert_eq!(state(&mut game), expected);
}

#[test]
fn a_move_slides_on_ticks_with_the_state_already_there() {
    let (mut game, recorder) = start_recorded();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    game.start_from_game_id("2:8").unwrap();
    let deck = region(&mut game, |l| l.contains("top of deck"))
        .unwrap()
        .center();
    click(&mut game, deck);
    assert_eq!(state(&mut game).stock.len(), 40);
    assert!(
        recorder.requests().iter().any(|r| r == "tick 0.06"),
        "{:?}",
        recorder.requests()
    );
    for _ in 0..20 {
        send(&mut game, Event::Tick { dt: 0.016 });
    }
    assert!(recorder.requests().iter().any(|r| r == "tick stop"));
}

#[test]
fn saves_game_ids_and_the_suits_option() {
    let (mut game, recorder) = start_recorded();
    game.start_from_game_id("4:21").unwrap();
    let regions = game.regions().unwrap();
    let saved = game.save().unwrap();
    // The same ID deals the same cards; a save loads back.
    let mut other = start();
    other.start_from_game_id("4:21").unwrap();
    assert_eq!(other.regions().unwrap(), regions);
    other.new_game(99).unwrap();
    other.load(&saved).unwrap();
    assert_eq!(other.regions().unwrap(), regions);
    assert_eq!(other.game_id().unwrap(), "4:21");
    // Bad input is refused with a reason and changes nothing.
    assert!(other.load(b"spider 1\nsuits 2\n").is_err());
    assert!(other.load(b"\x00\xff").is_err());
    assert!(other.start_from_game_id("3:21").is_err());
    assert!(other.start_from_game_id("two").is_err());
    assert_eq!(other.regions().unwrap(), regions);
    // The Suits choice offers 1, 2 and 4, and asks for a new game.
    let suits = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == "suits")
        .unwrap();
    match &suits.kind {
        ActionKind::Choice { options, .. } => assert_eq!(options, &["1", "2", "4"]),
        kind => panic!("{kind:?}"),
    }
    game.invoke_action("suits", "1").unwrap();
    assert!(
        recorder.requests().iter().any(|r| r.contains("new game")),
        "{:?}",
        recorder.requests()
    );
    game.new_game(5).unwrap();
    assert_eq!(game.game_id().unwrap(), "1:5");
    let names: Vec<String> = game
        .regions()
        .unwrap()
        .into_iter()
        .filter(|r| r.label.contains(", face up,"))
        .map(|r| r.label)
        .collect();
    assert!(names.iter().all(|l| l.contains(" of spades")), "{names:?}");
    assert!(game.invoke_action("suits", "3").is_err());
}

#[test]
fn a_hint_is_a_legal_move_and_marks_the_win_as_helped() {
    let mut game = start();
    game.start_from_game_id("2:12").unwrap();
    game.invoke_action("hint", "").unwrap();
    let status = game.status().unwrap();
    assert!(status.starts_with("Hint: "), "{status}");
    let saved = spider::save::read(&game.save().unwrap()).unwrap();
    assert_eq!(saved.hints, 1);
}

#[test]
fn a_wider_window_spreads_the_columns_and_keeps_the_cards() {
    let mut game = start();
    game.start_from_game_id("2:1").unwrap();
    let tops = |game: &mut GameInstance| {
        let regions = game.regions().unwrap();
        let first = regions
            .iter()
            .find(|r| r.label.ends_with("top of column 1"))
            .unwrap()
            .clone();
        let second = regions
            .iter()
            .find(|r| r.label.ends_with("top of column 2"))
            .unwrap()
            .clone();
        (first, second)
    };
    game.layout(Point::new(1200.0, 600.0)).unwrap();
    let (a1, a2) = tops(&mut game);
    game.layout(Point::new(1800.0, 600.0)).unwrap();
    let (b1, b2) = tops(&mut game);
    assert_eq!(a1.size, b1.size, "the cards keep their size");
    assert!(
        b2.min.x - b1.min.x > a2.min.x - a1.min.x + 20.0,
        "the columns spread"
    );
    assert!(b2.min.x + b2.size.x <= 1800.0);
}
