//! Plays Go Fish through the real C ABI table, as the launcher does, and
//! checks what a player sees: the labelled regions (every card a screen
//! reader names), the status line, the outcome. Your side is played by a
//! simple strategy (put down whole matches, ask for the rank you hold most
//! of, the two opponents in turn); its moves are made with the pointer
//! (drags, a click on the pile) and the keys, found by the regions'
//! labels. The computer players' turns are shown on `Tick` events the
//! test sends, and checked against the rules played alongside.

use cards::Card;
use game_api::host::GameInstance;
use game_api::{Event, GameResult, Point, Region};
use game_test::play::{click, drag, region, send};
use go_fish::rules::{GoFish, MatchSize, Move, PLAYERS, Phase, YOU};

fn start() -> GameInstance {
    game_test::play::start(&go_fish::GAME_TABLE)
}

fn labelled(game: &mut GameInstance, what: &str) -> Region {
    region(game, |l| l.contains(what)).unwrap_or_else(|| {
        let all: Vec<String> = game
            .regions()
            .unwrap()
            .into_iter()
            .map(|r| r.label)
            .collect();
        panic!("no region for {what}: {all:?}")
    })
}

/// The region of your card `card`.
fn your_card(game: &mut GameInstance, card: Card) -> Region {
    labelled(game, &format!("{}, face up, top of your hand", card.name()))
}

/// The rules' state, read back from the game's save.
fn state(game: &mut GameInstance) -> GoFish {
    go_fish::save::read(&game.save().unwrap()).unwrap().game
}

/// The simple strategy's move: a whole match to the box, else an ask for
/// the rank held most of (the lowest of those), of Opponent 1 on even
/// asks and Opponent 2 on odd ones; draw when told to.
fn strategy(g: &GoFish, asks: usize) -> Move {
    match g.phase {
        Phase::Fishing => Move::Draw,
        _ => {
            if let Some(rank) = g.full_rank(YOU) {
                let card = *g.hands[YOU].iter().find(|c| c.rank == rank).unwrap();
                return Move::Declare { card };
            }
            let (rank, _) = g
                .counts(YOU)
                .into_iter()
                .rev()
                .max_by_key(|&(_, n)| n)
                .expect("a hand while playing");
            let card = *g.hands[YOU].iter().find(|c| c.rank == rank).unwrap();
            Move::Ask {
                target: 1 + asks % 2,
                card,
            }
        }
    }
}

/// The rules after your move and the computers' turns that follow.
fn after(g: &GoFish, mv: Move) -> GoFish {
    let mut g = g.clone();
    g.play(mv).unwrap();
    while g.computer_to_play() {
        g.computer_step().unwrap();
    }
    g
}

/// Whether the strategy wins the deal `seed`, at the rules' level.
fn strategy_wins(size: MatchSize, seed: u64) -> bool {
    let mut g = GoFish::deal(size, seed);
    let mut asks = 0;
    while !g.over() {
        let mv = strategy(&g, asks);
        if matches!(mv, Move::Ask { .. }) {
            asks += 1;
        }
        g = after(&g, mv);
    }
    g.you_won()
}

/// Sends ticks while the computers' steps are being shown; how many steps
/// (status lines) were seen, each checked to name whose turn it is.
fn watch_computers(game: &mut GameInstance) -> Vec<String> {
    let mut seen = Vec::new();
    for _ in 0..10_000 {
        let status = game.status().unwrap();
        if !status.contains("'s turn. (Click to see the rest at once.)") {
            return seen;
        }
        assert!(
            status.contains("Opponent 1's turn.") || status.contains("Opponent 2's turn."),
            "{status}"
        );
        if seen.last() != Some(&status) {
            seen.push(status);
        }
        send(game, Event::Tick { dt: 0.25 });
    }
    panic!("the computers' turns are still being shown after 10000 ticks");
}

/// Plays the deal to its end with the pointer; the rules' final state.
fn play_out(game: &mut GameInstance, size: MatchSize, seed: u64) -> GoFish {
    game.start_from_game_id(&format!("{}:{seed}", size.word()))
        .unwrap();
    assert_eq!(game.game_id().unwrap(), format!("{}:{seed}", size.word()));
    let mut expected = GoFish::deal(size, seed);
    assert_eq!(state(game), expected);
    let mut asks = 0;
    let mut moves = 0;
    let mut computer_lines = 0;
    let mut asked_you = false;
    while game.outcome().unwrap().result == GameResult::Playing {
        moves += 1;
        assert!(moves < 2000, "the game does not end");
        let status = game.status().unwrap();
        let mv = strategy(&expected, asks);
        match mv {
            Move::Draw => {
                assert!(
                    status.ends_with("Go Fish! (Drag the top card of the pile to your hand.)"),
                    "{status}"
                );
                let pile = labelled(game, "top of pile");
                if moves % 2 == 0 {
                    click(game, pile.center());
                } else {
                    let hand = labelled(game, "top of your hand");
                    drag(game, pile.center(), hand.center());
                }
            }
            Move::Declare { card } => {
                assert!(
                    status.ends_with(
                        "Your turn. (Drag a match to your box or drag a card to an opponent.)"
                    ),
                    "{status}"
                );
                let from = your_card(game, card).center();
                let to = labelled(game, "your box").center();
                drag(game, from, to);
            }
            Move::Ask { target, card } => {
                asks += 1;
                let from = your_card(game, card).center();
                let to = labelled(game, &format!("top of Opponent {target}'s hand")).center();
                drag(game, from, to);
            }
        }
        expected = after(&expected, mv);
        assert_eq!(state(game), expected, "after {mv:?}");
        let lines = watch_computers(game);
        asked_you |= lines.iter().any(|l| l.contains(" asks you for "));
        computer_lines += lines.len();
        // Each player's line says their cards and matches.
        for p in 0..PLAYERS {
            let name = go_fish::rules::NAMES[p];
            let line = format!(
                "{name}: {} card{}, {} {}",
                expected.hands[p].len(),
                if expected.hands[p].len() == 1 {
                    ""
                } else {
                    "s"
                },
                expected.matches(p),
                size.noun()
            );
            assert!(region(game, |l| l.starts_with(&line)).is_some(), "{line}");
        }
    }
    assert!(computer_lines > 10, "the computers' asks were shown");
    assert!(asked_you, "a computer asked you for a rank");
    expected
}

#[test]
fn a_whole_game_of_pairs_is_won_with_drags_and_clicks() {
    let seed = (1..=60)
        .find(|&s| strategy_wins(MatchSize::Pairs, s))
        .expect("the strategy wins one of sixty deals");
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    assert_eq!(game.title().unwrap(), "Go Fish");
    let end = play_out(&mut game, MatchSize::Pairs, seed);
    assert!(end.you_won());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(end.matches(YOU) as i64));
    assert!(!game.score_kind().unwrap().lower_is_better);
    let status = game.status().unwrap();
    assert!(status.starts_with("Game over. You: "), "{status}");
    assert!(status.ends_with("You win!"), "{status}");
    // A hand is empty, and at the end the opponents' cards are shown.
    assert!(end.hands.iter().any(Vec::is_empty));
    let face_down = game
        .regions()
        .unwrap()
        .into_iter()
        .filter(|r| r.label.starts_with("face down") && r.label.contains("hand"))
        .count();
    assert_eq!(face_down, 0);
}

#[test]
fn a_whole_game_of_books_is_lost_to_an_outcome() {
    let seed = (1..=60)
        .find(|&s| !strategy_wins(MatchSize::Books, s))
        .expect("the strategy loses one of sixty deals");
    let mut game = start();
    game.layout(Point::new(900.0, 640.0)).unwrap();
    let end = play_out(&mut game, MatchSize::Books, seed);
    assert!(!end.you_won());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Lost);
    let status = game.status().unwrap();
    assert!(status.starts_with("Game over. "), "{status}");
    assert!(!status.ends_with("You win!"), "{status}");
}

#[test]
fn the_opening_table_names_your_cards_and_hides_theirs() {
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    game.start_from_game_id("pairs:3").unwrap();
    let g = state(&mut game);
    let regions = game.regions().unwrap();
    let labels: Vec<&str> = regions.iter().map(|r| r.label.as_str()).collect();
    for c in &g.hands[YOU] {
        let mine = format!("{}, face up, top of your hand", c.name());
        assert!(labels.contains(&mine.as_str()), "{mine} in {labels:?}");
    }
    for p in 1..PLAYERS {
        let theirs = labels
            .iter()
            .filter(|l| l.starts_with("face down") && l.contains(&format!("Opponent {p}'s hand")))
            .count();
        assert_eq!(theirs, g.hands[p].len());
    }
    let pile = format!("face down, top of pile, {} cards", g.stock.len());
    assert!(labels.contains(&pile.as_str()), "{labels:?}");
    assert!(labels.contains(&"your box, empty"));
    assert_eq!(
        game.status().unwrap(),
        "Your turn. (Drag a match to your box or drag a card to an opponent.)"
    );
    // Activating any card's region hits that card: a click on it tells
    // how to ask for its rank.
    let c = g.hands[YOU][0];
    let r = your_card(&mut game, c);
    click(&mut game, r.center());
    let status = game.status().unwrap();
    let single = g.count(YOU, c.rank) < 2;
    if single {
        assert!(status.starts_with("To ask for "), "{status}");
        assert!(status.contains(&go_fish::game::ranks(c.rank)), "{status}");
    }
}

#[test]
fn asking_with_the_keys_and_undoing_it() {
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    let seed = (1..100)
        .find(|&s| GoFish::deal(MatchSize::Pairs, s).full_rank(YOU).is_none())
        .unwrap();
    game.start_from_game_id(&format!("pairs:{seed}")).unwrap();
    let before = game.save().unwrap();
    let g = state(&mut game);
    let mut hand = g.hands[YOU].clone();
    hand.sort_by_key(|c| (c.rank, c.suit));
    let card = hand[0];
    // Tab to the card, Enter to pick it up.
    let at_card = format!("(at {}, face up, top of your hand)", card.name());
    for _ in 0..30 {
        if game.status().unwrap().ends_with(&at_card) {
            break;
        }
        send(&mut game, Event::key("Tab"));
    }
    assert!(game.status().unwrap().ends_with(&at_card));
    send(&mut game, Event::key("Enter"));
    assert!(
        game.status()
            .unwrap()
            .contains(&format!("(holding {} from your hand;", card.name()))
    );
    for _ in 0..30 {
        if game
            .status()
            .unwrap()
            .contains("at face down, top of Opponent 2's hand)")
        {
            break;
        }
        send(&mut game, Event::key("Tab"));
    }
    send(&mut game, Event::key("Enter"));
    let expected = after(&g, Move::Ask { target: 2, card });
    assert_eq!(state(&mut game), expected);
    // The opponent's answer, then (after Go Fish) the pile.
    let status = game.status().unwrap();
    assert!(
        status.contains("Opponent 2 gave you") || status.contains("Opponent 2 has no "),
        "{status}"
    );
    // Undo is the launcher loading the save from before.
    game.load(&before).unwrap();
    assert_eq!(state(&mut game), g);
    assert_eq!(
        game.status().unwrap(),
        "Your turn. (Drag a match to your box or drag a card to an opponent.)"
    );
}

#[test]
fn a_refused_drop_says_why_and_changes_nothing() {
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    let seed = (1..100)
        .find(|&s| GoFish::deal(MatchSize::Pairs, s).full_rank(YOU).is_none())
        .unwrap();
    game.start_from_game_id(&format!("pairs:{seed}")).unwrap();
    let g = state(&mut game);
    let card = g.hands[YOU][0];
    let from = your_card(&mut game, card).center();
    let to = labelled(&mut game, "your box").center();
    drag(&mut game, from, to);
    assert_eq!(state(&mut game), g);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Refused: that is not a pair: you need 2 cards of the rank."),
        "{status}"
    );
    // The pile cannot be drawn from before "Go Fish!".
    let pile = labelled(&mut game, "top of pile").center();
    drag(&mut game, pile, from);
    assert_eq!(state(&mut game), g);
}

#[test]
fn a_click_shows_the_computers_turns_at_once() {
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    // A deal where asking Opponent 1 for your first card fails, and the
    // card drawn makes no match: the turn passes.
    let (seed, card) = (1..200)
        .find_map(|s| {
            let g = GoFish::deal(MatchSize::Pairs, s);
            let card = g.hands[YOU][0];
            let mut t = g.clone();
            t.play(Move::Ask { target: 1, card }).ok()?;
            if t.phase != Phase::Fishing {
                return None;
            }
            t.play(Move::Draw).ok()?;
            t.computer_to_play().then_some((s, card))
        })
        .unwrap();
    game.start_from_game_id(&format!("pairs:{seed}")).unwrap();
    let from = your_card(&mut game, card).center();
    let to = labelled(&mut game, "top of Opponent 1's hand").center();
    drag(&mut game, from, to);
    let pile = labelled(&mut game, "top of pile").center();
    click(&mut game, pile);
    let status = game.status().unwrap();
    assert!(status.starts_with("You drew the "), "{status}");
    assert!(status.ends_with("Opponent 1's turn. (Click to see the rest at once.)"));
    // The saved state is already past the computers' turns.
    let saved = state(&mut game);
    assert!(matches!(
        saved.phase,
        Phase::Turn(YOU) | Phase::Over | Phase::Fishing
    ));
    click(&mut game, Point::new(5.0, 5.0));
    let status = game.status().unwrap();
    assert!(
        !status.contains("(Click to see the rest at once.)"),
        "{status}"
    );
}
