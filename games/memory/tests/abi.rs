//! Plays Memory through the real C ABI table, as the launcher does, and
//! checks what a player sees: the labelled regions (a face-up card is
//! named by its picture, a face-down one is not), the status line, the
//! clock, the outcome. The player here remembers only what the regions
//! have shown it, as a person would; its turns are clicks and keys on the
//! places the regions name. Time passes on `Tick` events the test sends.

use std::collections::HashMap;

use game_api::host::{GameInstance, Recorder};
use game_api::{Event, GameResult, Point, Region};
use game_test::play::{click, send};
use memory::rules::{CARDS, Memory, Picture, WIDTH};

fn start_recorded() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&memory::GAME_TABLE)
}

fn start() -> GameInstance {
    game_test::play::start(&memory::GAME_TABLE)
}

/// The pile name of place `pos`.
fn place_name(pos: usize) -> String {
    format!("row {} column {}", pos / WIDTH + 1, pos % WIDTH + 1)
}

/// The region of the card (or empty place) at `pos`.
fn place_region(game: &mut GameInstance, pos: usize) -> Region {
    let name = place_name(pos);
    let top = format!("top of {name}");
    let empty = format!("{name}, empty");
    game.regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.ends_with(&top) || r.label == empty)
        .unwrap_or_else(|| panic!("no region for {name}"))
}

/// The picture a region label names, if the card is face up.
fn picture_named(label: &str) -> Option<Picture> {
    let (name, rest) = label.split_once(", face up")?;
    let _ = rest;
    Picture::ALL.into_iter().find(|p| p.name() == name)
}

/// The rules' state, read back from the game's save.
fn state(game: &mut GameInstance) -> Memory {
    memory::save::read(&game.save().unwrap()).unwrap().game
}

/// A click on the card (or place) at `pos`.
fn click_place(game: &mut GameInstance, pos: usize) {
    let at = place_region(game, pos).center();
    click(game, at);
}

/// Sends `seconds` of quarter-second ticks (they add up exactly).
fn wait(game: &mut GameInstance, seconds: u32) {
    for _ in 0..seconds * 4 {
        send(game, Event::Tick { dt: 0.25 });
    }
}

/// A player with a memory: what each place showed when it was face up.
#[derive(Default)]
struct Player {
    seen: HashMap<usize, Picture>,
    gone: Vec<usize>,
}

impl Player {
    /// Reads the table as a screen reader would: face-up pictures are
    /// remembered, empty places are gone.
    fn look(&mut self, game: &mut GameInstance) {
        for pos in 0..CARDS {
            let r = place_region(game, pos);
            if r.label.ends_with(", empty") {
                if !self.gone.contains(&pos) {
                    self.gone.push(pos);
                }
                self.seen.remove(&pos);
            } else if let Some(p) = picture_named(&r.label) {
                self.seen.insert(pos, p);
            } else {
                assert!(r.label.starts_with("face down, top of "), "{}", r.label);
            }
        }
    }

    /// Two places both showing the same remembered picture.
    fn known_pair(&self) -> Option<(usize, usize)> {
        self.seen.iter().find_map(|(&a, &pa)| {
            self.seen
                .iter()
                .find(|&(&b, &pb)| b != a && pb == pa)
                .map(|(&b, _)| (a, b))
        })
    }

    /// A place never seen and still on the table.
    fn unknown(&self) -> Option<usize> {
        (0..CARDS).find(|p| !self.seen.contains_key(p) && !self.gone.contains(p))
    }
}

#[test]
fn a_whole_game_is_won_by_a_player_who_remembers_and_the_clock_stops() {
    let (mut game, recorder) = start_recorded();
    let canvas = Point::new(900.0, 600.0);
    game.layout(canvas).unwrap();
    game.start_from_game_id("2026").unwrap();
    assert_eq!(game.game_id().unwrap(), "2026");
    assert_eq!(game.title().unwrap(), "Memory");
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Click a card to turn it over, then another to find its twin. 0 of 10 pairs found; clock 00:00."),
        "{status}"
    );
    // Twenty cards face down in five columns and four rows, the matched
    // pile empty, the clock at zero: no picture is named.
    let regions = game.regions().unwrap();
    let down: Vec<&Region> = regions
        .iter()
        .filter(|r| r.label.starts_with("face down, top of row"))
        .collect();
    assert_eq!(down.len(), 20);
    for r in &regions {
        assert!(picture_named(&r.label).is_none(), "{}", r.label);
        assert!(r.min.x + r.size.x <= canvas.x + 0.5 && r.min.y + r.size.y <= canvas.y + 0.5);
    }
    assert!(regions.iter().any(|r| r.label == "matched pairs, empty"));
    assert!(regions.iter().any(|r| r.label == "clock 00:00"));
    // The rows: row 2 lies below row 1, column 2 right of column 1.
    let (a, b, c) = (
        place_region(&mut game, 0),
        place_region(&mut game, 1),
        place_region(&mut game, WIDTH),
    );
    assert!(b.min.x > a.min.x && (b.min.y - a.min.y).abs() < 0.5);
    assert!(c.min.y > a.min.y && (c.min.x - a.min.x).abs() < 0.5);

    // Time before the first card does not count.
    wait(&mut game, 3);
    assert!(
        game.regions()
            .unwrap()
            .iter()
            .any(|r| r.label == "clock 00:00")
    );

    let mut player = Player::default();
    let mut turns = 0u32;
    let mut seconds = 0u32;
    let mut expected = state(&mut game);
    while game.outcome().unwrap().result == GameResult::Playing {
        player.look(&mut game);
        let first = match player.known_pair() {
            Some((a, _)) => a,
            None => player.unknown().expect("a card not yet seen"),
        };
        click_place(&mut game, first);
        turns += 1;
        expected.flip(first).unwrap();
        player.look(&mut game);
        let picture = player.seen[&first];
        assert!(
            game.status()
                .unwrap()
                .to_lowercase()
                .starts_with(&format!("{} is face up", picture.with_article())),
            "{}",
            game.status().unwrap()
        );
        let second = player
            .seen
            .iter()
            .find(|&(&p, &pic)| p != first && pic == picture)
            .map(|(&p, _)| p)
            .or_else(|| player.unknown())
            .expect("a second card");
        click_place(&mut game, second);
        turns += 1;
        expected.flip(second).unwrap();
        player.look(&mut game);
        assert_eq!(state(&mut game).turns, expected.turns);
        if game.outcome().unwrap().result == GameResult::Playing {
            // The two cards stay showing for half a second, then go.
            wait(&mut game, 1);
            seconds += 1;
            expected.settle();
            assert_eq!(state(&mut game), expected);
        }
        assert!(turns < 200);
    }
    expected.settle();
    assert_eq!(state(&mut game).matches, 10);
    // The clock stopped with the last pair: later ticks add nothing.
    wait(&mut game, 5);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(i64::from(seconds)));
    assert!(!outcome.assisted);
    let kind = game.score_kind().unwrap();
    assert!(kind.lower_is_better);
    assert_eq!(kind.unit, "seconds");
    let clock = format!("{:02}:{:02}", seconds / 60, seconds % 60);
    assert_eq!(
        game.status().unwrap(),
        format!(
            "All 10 pairs found in {clock} with {turns} cards turned. You win! Click the matched pairs to play again."
        )
    );
    let regions = game.regions().unwrap();
    assert!(regions.iter().any(|r| r.label == format!("clock {clock}")));
    assert!(
        regions.iter().any(|r| r
            .label
            .contains(", face up, top of matched pairs, 20 cards")),
        "{regions:?}"
    );
    assert_eq!(
        regions
            .iter()
            .filter(|r| r.label.ends_with(", empty"))
            .count(),
        20
    );
    assert!(recorder.requests().iter().any(|r| r == "tick stop"));
    eprintln!("won in {seconds} s with {turns} cards turned");
}

#[test]
fn a_mismatch_turns_back_at_the_next_click_without_waiting() {
    let mut game = start();
    game.layout(Point::new(900.0, 600.0)).unwrap();
    game.start_from_game_id("3").unwrap();
    let deal = state(&mut game);
    let other = (1..CARDS)
        .find(|&p| deal.cards[p] != deal.cards[0])
        .unwrap();
    let third = (1..CARDS).find(|&p| p != other).unwrap();
    click_place(&mut game, 0);
    click_place(&mut game, other);
    let status = game.status().unwrap();
    assert!(status.contains("no pair; they turn back"), "{status}");
    assert!(place_region(&mut game, other).label.contains(", face up, "));
    click_place(&mut game, third);
    assert!(place_region(&mut game, third).label.contains(", face up, "));
    assert!(
        place_region(&mut game, other)
            .label
            .starts_with("face down")
    );
    if third != 0 {
        assert!(place_region(&mut game, 0).label.starts_with("face down"));
    }
}

#[test]
fn keys_walk_the_grid_and_turn_cards() {
    let mut game = start();
    game.layout(Point::new(900.0, 600.0)).unwrap();
    game.start_from_game_id("4").unwrap();
    send(&mut game, Event::key("ArrowRight"));
    send(&mut game, Event::key("ArrowRight"));
    send(&mut game, Event::key("ArrowDown"));
    send(&mut game, Event::key("Space"));
    // The cursor started on the first place: column 3 of row 2.
    let pos = WIDTH + 2;
    assert!(
        place_region(&mut game, pos)
            .label
            .contains(", face up, top of row 2 column 3"),
        "{}",
        place_region(&mut game, pos).label
    );
    assert!(game.status().unwrap().contains("(at "));
    // The same card again turns it back (the original's cancel).
    send(&mut game, Event::key("Enter"));
    assert!(place_region(&mut game, pos).label.starts_with("face down"));
}

#[test]
fn a_game_id_replays_its_deal_and_a_save_resumes_the_clock() {
    let mut game = start();
    game.start_from_game_id("77").unwrap();
    let deal = state(&mut game);
    assert_eq!(deal.cards, Memory::deal(77).cards);
    assert!(game.start_from_game_id("seventy").is_err());
    assert_eq!(game.game_id().unwrap(), "77");
    click_place(&mut game, 0);
    // Ticks move the clock but not the save (the launcher records a move
    // to undo whenever the save changes).
    let before = game.save().unwrap();
    wait(&mut game, 12);
    let clock = |g: &mut GameInstance| {
        g.regions()
            .unwrap()
            .into_iter()
            .find(|r| r.label.starts_with("clock "))
            .unwrap()
            .label
    };
    assert_eq!(clock(&mut game), "clock 00:12");
    assert_eq!(game.save().unwrap(), before);
    // A save holds the clock as of the last card turned.
    click_place(&mut game, 5);
    let saved = game.save().unwrap();
    let mut other = start();
    other.load(&saved).unwrap();
    assert_eq!(other.game_id().unwrap(), "77");
    assert_eq!(clock(&mut other), "clock 00:12");
    // The two cards showing were saved as they end: turned back or gone.
    assert!(!place_region(&mut other, 5).label.contains(", face up, "));
    assert_eq!(state(&mut other).turns, 2);
    assert!(other.load(b"Memory save 1\nseed x\nend\n").is_err());
}
