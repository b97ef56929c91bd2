//! Plays Blackjack through the real C ABI table, as the launcher does, and
//! checks what a player sees: the buttons and cards by their region labels
//! (what a screen reader reads), the status line, the outcome, and the
//! bankroll kept in the data directory. The player's side is a simple
//! strategy; its moves are clicks on the buttons found by their labels.

use std::path::PathBuf;

use blackjack::rules::{Move, Phase, Round, START_MONEY, best_total, min_value};
use game_api::host::{GameInstance, GameLibrary, HostServices};
use game_api::{Event, GameResult, Point, Region};
use game_test::play::{click, labels, send};

/// Services with a data directory, remembering requests for a new game.
struct Services {
    dir: String,
    new_games: std::rc::Rc<std::cell::Cell<u32>>,
    logged: std::rc::Rc<std::cell::RefCell<Vec<String>>>,
}

impl HostServices for Services {
    fn show_text_help(&mut self, _: &str, _: bool) {}
    fn show_manual_section(&mut self, _: &str) {}
    fn request_redraw(&mut self) {}
    fn log(&mut self, message: &str) {
        self.logged.borrow_mut().push(message.to_owned());
    }
    fn request_new_game(&mut self) {
        self.new_games.set(self.new_games.get() + 1);
    }
    fn data_dir(&mut self) -> Option<&str> {
        Some(&self.dir)
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("blackjack-abi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What the game asked of its host: new games, and lines it logged.
type Asked = (
    std::rc::Rc<std::cell::Cell<u32>>,
    std::rc::Rc<std::cell::RefCell<Vec<String>>>,
);

fn start(dir: &std::path::Path) -> (GameInstance, Asked) {
    let new_games = std::rc::Rc::new(std::cell::Cell::new(0));
    let logged = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let services = Services {
        dir: dir.to_str().unwrap().to_owned(),
        new_games: new_games.clone(),
        logged: logged.clone(),
    };
    let mut game = GameLibrary::from_static(&blackjack::GAME_TABLE)
        .expect("the game speaks this launcher's ABI")
        .start(Box::new(services))
        .expect("the game starts");
    game.layout(Point::new(1000.0, 600.0)).unwrap();
    (game, (new_games, logged))
}

fn region(game: &mut GameInstance, label: &str) -> Option<Region> {
    game.regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label == label)
}

/// Clicks the button labelled `label` on the table.
fn press(game: &mut GameInstance, label: &str) {
    let b = region(game, &format!("{label} button"))
        .unwrap_or_else(|| panic!("no {label} button in {:?}", labels(game)));
    click(game, b.center());
    for _ in 0..30 {
        send(game, Event::Tick { dt: 0.02 });
    }
}

/// The round, read back from the game's save.
fn state(game: &mut GameInstance) -> Round {
    blackjack::save::read(&game.save().unwrap()).unwrap().round
}

/// A simple strategy: split pairs but fours, fives and tens, double on 10 or 11, hit
/// below 17 (below 12 against the dealer's 2 to 6), stand otherwise.
fn choose(r: &Round) -> Move {
    let Phase::Playing(h) = r.phase else {
        return Move::Continue;
    };
    let cards = &r.hands[h].cards;
    let total = best_total(cards);
    let up = min_value(r.dealer[0]);
    if r.check(Move::Split).is_ok() && !matches!(min_value(cards[0]), 4 | 5 | 10) {
        Move::Split
    } else if r.check(Move::Double).is_ok() && (total == 10 || total == 11) {
        Move::Double
    } else if total < 12 || (total < 17 && !(2..=6).contains(&up)) {
        Move::Hit
    } else {
        Move::Stand
    }
}

#[test]
fn rounds_are_played_with_the_buttons_to_their_outcomes_and_the_bankroll_is_kept() {
    let dir = temp_dir("rounds");
    // A new player's bankroll, and a shoe of our choosing, so that the
    // test plays the same cards every time.
    std::fs::write(dir.join("bankroll.txt"), "money 100\nshoe 7 0\n").unwrap();
    let (mut game, (new_games, logged)) = start(&dir);
    assert_eq!(game.title().unwrap(), "Blackjack");
    let first = state(&mut game);
    assert_eq!(first.money_before, START_MONEY, "a new player has $100");
    assert_eq!(first.money, START_MONEY - 2, "each bet is $2");
    assert!(game.status().unwrap().contains("(Each bet is $2.)"));
    let (mut won, mut lost, mut pushed, mut hidden, mut splits, mut doubles) = (0, 0, 0, 0, 0, 0);
    let mut reshuffled = false;
    for round_number in 0..80 {
        let mut expected = state(&mut game);
        if !expected.is_settled() {
            assert_eq!(game.outcome().unwrap().result, GameResult::Playing);
        }
        // The dealer's first card shows, the second is face down.
        if !expected.is_settled() {
            let labels = labels(&mut game);
            assert!(
                labels.contains(&"face down, top of dealer's hand".to_string()),
                "{labels:?}"
            );
            assert!(labels.iter().any(|l| l == "Hit button"));
            assert!(labels.iter().any(|l| l == "Stand button"));
            assert_eq!(
                labels.iter().any(|l| l == "Split button"),
                expected.check(Move::Split).is_ok()
            );
        }
        while !expected.is_settled() {
            let m = choose(&expected);
            splits += usize::from(m == Move::Split);
            doubles += usize::from(m == Move::Double);
            let label = match m {
                Move::Continue => "Bust",
                other => other.name(),
            };
            press(&mut game, label);
            expected.play(m).unwrap();
            assert_eq!(state(&mut game), expected, "after {m:?}");
        }
        // Settled: the outcome follows the money; the status says it.
        let outcome = game.outcome().unwrap();
        let net = expected.money - expected.money_before;
        let status = game.status().unwrap();
        assert!(
            status.contains(&format!("You have ${}.", expected.money)) || expected.money < 0,
            "{status}"
        );
        match net {
            n if n > 0 => {
                won += 1;
                assert_eq!(outcome.result, GameResult::Won);
            }
            n if n < 0 => {
                lost += 1;
                assert_eq!(outcome.result, GameResult::Lost);
            }
            _ => {
                pushed += 1;
                assert_eq!(outcome.result, GameResult::Playing);
            }
        }
        if net != 0 {
            assert_eq!(outcome.score, Some(expected.money));
            assert!(!outcome.assisted);
        }
        // Every hand bust: the hole card stays face down.
        if expected.hands.iter().all(|h| h.is_bust()) {
            hidden += 1;
            assert!(status.contains("The dealer's hole card stays hidden."));
            assert!(labels(&mut game).contains(&"face down, top of dealer's hand".to_string()));
        } else {
            assert!(
                !labels(&mut game)
                    .iter()
                    .any(|l| l.contains("face down, top of dealer's hand"))
            );
        }
        // The results show one by one on the middle button; the last one
        // asks the launcher for the next round, which it deals.
        let asked = new_games.get();
        loop {
            let (_, verdict) = expected.showing().unwrap();
            press(&mut game, verdict.title());
            if new_games.get() > asked {
                break;
            }
            expected.play(Move::Continue).unwrap();
            assert_eq!(state(&mut game), expected);
        }
        game.new_game(1000 + round_number).unwrap();
        let next = state(&mut game);
        assert_eq!(
            next.money_before, expected.money,
            "the bankroll carries over"
        );
        if next.start == 0 {
            reshuffled = true;
            assert_eq!(next.seed, 1000 + round_number);
            assert!(208 - (expected.start + expected.used) < 52);
            assert!(
                game.status()
                    .unwrap()
                    .starts_with("A new shoe of four decks is shuffled.")
            );
        } else {
            assert_eq!(
                (next.seed, next.start),
                (expected.seed, expected.start + expected.used)
            );
            let discards = region(
                &mut game,
                &format!("face down, top of discards, {} cards", next.start),
            );
            assert!(discards.is_some(), "{:?}", labels(&mut game));
        }
        assert_eq!(
            game.game_id().unwrap(),
            format!("{}-{}", next.seed, next.start)
        );
    }
    eprintln!(
        "won {won}, lost {lost}, pushed {pushed}; {hidden} all-bust; {splits} splits, {doubles} doubles"
    );
    assert!(won > 10 && lost > 10, "won {won}, lost {lost}");
    assert!(hidden > 0 && splits > 0 && doubles > 0 && reshuffled);

    // The bankroll and the shoe are in the data directory; another window
    // goes on from them.
    let now = state(&mut game);
    let kept = std::fs::read_to_string(dir.join("bankroll.txt")).unwrap();
    assert_eq!(
        kept,
        format!(
            "money {}\nshoe {} {}\n",
            now.money,
            now.seed,
            now.start + now.used
        )
    );
    assert!(logged.borrow().is_empty(), "{:?}", logged.borrow());
    game.close().unwrap();
    let (mut again, _) = start(&dir);
    let resumed = state(&mut again);
    assert_eq!(resumed.money_before, now.money);
    if now.start + now.used <= blackjack::rules::LAST_START {
        assert_eq!(
            (resumed.seed, resumed.start),
            (now.seed, now.start + now.used)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game at the round of game ID `id`, without a data directory.
fn at_round(id: &str) -> (GameInstance, game_api::host::Recorder) {
    let recorder = game_api::host::Recorder::new();
    let mut game = GameLibrary::from_static(&blackjack::GAME_TABLE)
        .unwrap()
        .start(Box::new(recorder.clone()))
        .unwrap();
    game.layout(Point::new(900.0, 560.0)).unwrap();
    game.start_from_game_id(id).unwrap();
    (game, recorder)
}

/// The first game ID `2-0` … `200-0` whose round opens as `wanted` says.
fn find_round(wanted: impl Fn(&Round) -> bool) -> String {
    (2..200)
        .map(|seed| format!("{seed}-0"))
        .find(|id| {
            let (seed, start) = blackjack::save::parse_game_id(id).unwrap();
            wanted(&Round::deal(seed, start, START_MONEY))
        })
        .expect("a round like that in 200 shoes")
}

fn enabled(game: &mut GameInstance) -> Vec<String> {
    game.actions()
        .unwrap()
        .into_iter()
        .filter(|a| a.enabled)
        .map(|a| a.label)
        .collect()
}

#[test]
fn the_toolbar_offers_what_the_table_offers_and_refuses_the_rest_in_words() {
    let id = find_round(|r| !r.is_settled() && r.check(Move::Split).is_err());
    let (mut game, _) = at_round(&id);
    assert_eq!(enabled(&mut game), ["Hit", "Stand", "Double"]);
    let shortcuts: Vec<Option<String>> = game
        .actions()
        .unwrap()
        .into_iter()
        .map(|a| a.shortcut)
        .collect();
    assert_eq!(
        shortcuts,
        ["h", "s", "p", "d", "n"].map(|k| Some(k.to_string()))
    );
    let refused = game.invoke_action("split", "").unwrap_err().to_string();
    assert!(
        refused.contains("only two equal cards can be split"),
        "{refused}"
    );
    assert!(game.invoke_action("deal", "").is_err(), "no deal mid-hand");
    game.invoke_action("stand", "").unwrap();
    let r = state(&mut game);
    assert!(r.is_settled());
    assert_eq!(r.moves, [Move::Stand]);
    assert!(r.revealed, "the dealer shows the hole card after a stand");
    assert!(r.dealer_total() >= 17);
    assert_eq!(enabled(&mut game), ["Deal"]);
}

#[test]
fn a_double_shows_one_card_and_the_game_id_replays_the_deal() {
    let id = find_round(|r| !r.is_settled() && r.hands[0].total() <= 11);
    let (mut game, recorder) = at_round(&id);
    assert_eq!(game.game_id().unwrap(), id);
    let opening = labels(&mut game);
    press(&mut game, "Double");
    let r = state(&mut game);
    assert!(r.hands[0].doubled && r.is_settled());
    assert_eq!(r.hands[0].cards.len(), 3);
    assert_eq!(
        r.money,
        r.money_before - 4 + r.hands[0].verdict.unwrap().payout(true)
    );
    // Dealt from a typed ID, the round counts as helped.
    let outcome = game.outcome().unwrap();
    if outcome.result != GameResult::Playing {
        assert!(outcome.assisted);
    }
    // N deals the next round through the launcher.
    send(&mut game, Event::key("n"));
    assert_eq!(
        recorder
            .requests()
            .iter()
            .filter(|r| *r == "new game")
            .count(),
        1
    );
    game.start_from_game_id(&id).unwrap();
    assert_eq!(labels(&mut game), opening, "the same deal again");
}

#[test]
fn keys_walk_the_buttons_and_press_them() {
    let id = find_round(|r| !r.is_settled());
    let (mut game, recorder) = at_round(&id);
    for _ in 0..20 {
        if game.status().unwrap().ends_with("(at Stand button)") {
            break;
        }
        send(&mut game, Event::key("Tab"));
    }
    assert!(game.status().unwrap().ends_with("(at Stand button)"));
    send(&mut game, Event::key("Enter"));
    let r = state(&mut game);
    assert_eq!(r.moves, [Move::Stand]);
    // The cursor goes to the result, which Enter presses: the next round.
    let (_, verdict) = r.showing().unwrap();
    let status = game.status().unwrap();
    assert!(
        status.ends_with(&format!("(at {} button)", verdict.title())),
        "{status}"
    );
    send(&mut game, Event::key("Enter"));
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    // The launcher deals it; the cursor is on the new round's first button.
    game.new_game(99).unwrap();
    let next = state(&mut game);
    assert_eq!(next.start, r.start + r.used);
    let status = game.status().unwrap();
    if next.is_settled() {
        assert!(status.ends_with(&format!(
            "(at {} button)",
            next.showing().unwrap().1.title()
        )));
    } else if next.check(Move::Split).is_ok() {
        assert!(status.ends_with("(at Split button)"), "{status}");
    } else {
        assert!(status.ends_with("(at Hit button)"), "{status}");
    }
}

#[test]
fn a_split_plays_two_hands_in_turn_and_every_move_is_an_undo_barrier() {
    let id = find_round(|r| {
        !r.is_settled() && r.check(Move::Split).is_ok() && min_value(r.hands[0].cards[0]) != 1
    });
    let (mut game, _) = at_round(&id);
    let before = game.save().unwrap();
    press(&mut game, "Split");
    let r = state(&mut game);
    assert_eq!(r.hands.len(), 2);
    assert_eq!(
        r.money,
        r.money_before - 4,
        "a second bet on the second hand"
    );
    let l = labels(&mut game);
    assert!(
        l.iter().any(|l| l.ends_with("top of your first hand")),
        "{l:?}"
    );
    assert!(
        l.iter().any(|l| l.ends_with("top of your second hand")),
        "{l:?}"
    );
    assert!(
        !l.contains(&"Double button".to_string()),
        "no double after a split"
    );
    assert!(game.status().unwrap().starts_with("Hand 1 of 2:"));
    // The split dealt a card to each hand: the launcher may not undo it.
    assert_eq!(game.outcome().unwrap().undo, game_api::UndoRule::Barrier);
    press(&mut game, "Stand");
    assert!(game.status().unwrap().starts_with("Hand 2 of 2:"));
    assert_eq!(game.outcome().unwrap().undo, game_api::UndoRule::Barrier);
    // A saved game of the position before (a .pltgame file) still loads.
    game.load(&before).unwrap();
    assert_eq!(state(&mut game).hands.len(), 1);
    assert!(labels(&mut game).contains(&"Split button".to_string()));
}
