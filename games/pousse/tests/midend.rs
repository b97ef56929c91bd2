//! What the launcher's midend does with Pousse, step by step as
//! `launcher-core`'s midend does it: after every event that asked for a
//! redraw it reads the game ID (a changed ID is a new game) and the save (a
//! changed save is a move); Undo, Redo and Restart load saves back. These
//! tests check that a whole game is one game of moves to undo, that ticks
//! are no moves, and that undo and restart show what they should.

use game_api::host::{GameInstance, GameLibrary, NoServices};
use game_api::{ActionKind, Event, GameResult, Response};
use pousse::save::parse_game;

/// The midend's undo chain, reduced to what these tests need.
struct Midend {
    id: String,
    undo: Vec<Vec<u8>>,
    current: Vec<u8>,
    redo: Vec<Vec<u8>>,
    start: Vec<u8>,
    new_games: usize,
}

impl Midend {
    fn start(game: &mut GameInstance) -> Midend {
        let current = game.save().unwrap();
        Midend {
            id: game.game_id().unwrap(),
            undo: Vec::new(),
            start: current.clone(),
            current,
            redo: Vec::new(),
            new_games: 0,
        }
    }

    /// After a response: a new game if the ID changed, a move if the save
    /// did. Returns whether a move (or new game) was recorded.
    fn after(&mut self, game: &mut GameInstance, response: Response) -> bool {
        if !response.redraw {
            return false;
        }
        let id = game.game_id().unwrap();
        let state = game.save().unwrap();
        if id != self.id {
            self.id = id;
            self.new_games += 1;
            self.start = state.clone();
        }
        if state == self.current {
            return false;
        }
        self.undo.push(std::mem::replace(&mut self.current, state));
        self.redo.clear();
        true
    }

    fn undo(&mut self, game: &mut GameInstance) {
        let previous = self.undo.pop().expect("a move to undo");
        self.redo
            .push(std::mem::replace(&mut self.current, previous));
        game.load(&self.current).unwrap();
        self.id = game.game_id().unwrap();
    }

    fn redo(&mut self, game: &mut GameInstance) {
        let next = self.redo.pop().expect("a move to redo");
        self.undo.push(std::mem::replace(&mut self.current, next));
        game.load(&self.current).unwrap();
        self.id = game.game_id().unwrap();
    }

    fn restart(&mut self, game: &mut GameInstance) {
        let start = self.start.clone();
        self.undo.push(std::mem::replace(&mut self.current, start));
        self.redo.clear();
        game.load(&self.current).unwrap();
    }
}

fn start() -> GameInstance {
    GameLibrary::from_static(&pousse::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap()
}

fn record(game: &mut GameInstance) -> String {
    game.actions()
        .unwrap()
        .into_iter()
        .find_map(|a| match (a.id.as_str(), a.kind) {
            ("record", ActionKind::Text { value }) => Some(value),
            _ => None,
        })
        .unwrap()
}

fn moves_label(game: &mut GameInstance) -> String {
    game.regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.starts_with("Moves:"))
        .unwrap()
        .label
}

fn click(game: &mut GameInstance, mid: &mut Midend, label: &str) {
    let at = game
        .regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.starts_with(label))
        .unwrap_or_else(|| panic!("no {label}"))
        .center();
    let r = game.handle_event(&Event::press(at)).unwrap();
    mid.after(game, r);
    let r = game.handle_event(&Event::release(at)).unwrap();
    assert!(mid.after(game, r), "{label} is a move");
}

/// Ticks until the computer has moved (or `limit` ticks), recording as the
/// midend does; returns the moves recorded.
fn ticks(game: &mut GameInstance, mid: &mut Midend, moves: usize) -> usize {
    let mut recorded = 0;
    let mut n = 0u64;
    while recorded < moves && !parse_game(&record(game)).unwrap().is_over() {
        let r = game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
        recorded += usize::from(mid.after(game, r));
        std::thread::yield_now();
        n += 1;
        assert!(n < 50_000_000);
    }
    // The slide ends: redraws, but no move.
    for _ in 0..5 {
        let r = game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
        recorded += usize::from(mid.after(game, r));
    }
    recorded
}

#[test]
fn a_game_against_the_computer_is_one_game_of_moves_to_undo() {
    let mut game = start();
    game.new_game(11).unwrap();
    game.invoke_action("o", "Computer Easy").unwrap();
    let mut mid = Midend::start(&mut game);
    assert_eq!(mid.id, "4:");
    // Two rounds: the person's click, then the computer's answer on ticks.
    click(&mut game, &mut mid, "L2: push X");
    assert_eq!(ticks(&mut game, &mut mid, 1), 1);
    click(&mut game, &mut mid, "T3: push X");
    assert_eq!(ticks(&mut game, &mut mid, 1), 1);
    assert_eq!(mid.undo.len(), 4, "four moves, no more");
    assert_eq!(mid.new_games, 0, "the game ID did not change");
    let four = record(&mut game);
    assert_eq!(parse_game(&four).unwrap().moves().len(), 4);

    // Undo twice: the person's second move is taken back, the computer's
    // and the person's moves stay in the list, greyed.
    mid.undo(&mut game);
    let status = game.status().unwrap();
    assert!(
        status.contains("O (Computer Easy) to move, waiting"),
        "{status}"
    );
    // A waiting computer does not move on ticks.
    for _ in 0..100 {
        let r = game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
        assert!(!mid.after(&mut game, r));
    }
    mid.undo(&mut game);
    assert!(
        game.status()
            .unwrap()
            .starts_with("Move 3: X (Person) to move")
    );
    let first_two = pousse::rules::record_text(4, &parse_game(&four).unwrap().moves()[..2]);
    assert_eq!(
        moves_label(&mut game),
        format!("Moves: {first_two} (2 undone)")
    );
    // Redo brings them back; a new move replaces them.
    mid.redo(&mut game);
    mid.redo(&mut game);
    assert_eq!(record(&mut game), four);
    mid.undo(&mut game);
    mid.undo(&mut game);
    click(&mut game, &mut mid, "B1: push X");
    assert!(mid.redo.is_empty());
    assert!(
        moves_label(&mut game).ends_with("B1"),
        "{}",
        moves_label(&mut game)
    );

    // Restart: the empty board, one more step to undo.
    mid.restart(&mut game);
    assert_eq!(record(&mut game), "");
    assert!(
        game.status()
            .unwrap()
            .starts_with("Move 1: X (Person) to move")
    );
    mid.undo(&mut game);
    assert!(record(&mut game).ends_with("B1"));
}

#[test]
fn a_won_game_is_one_game_and_undo_reopens_it() {
    let mut game = start();
    game.new_game(3).unwrap();
    game.invoke_action("o", "Person").unwrap();
    let mut mid = Midend::start(&mut game);
    // X completes column 1 (T1 three times while O plays on the right).
    for label in ["T1:", "R2:", "T1:", "R3:", "T1:", "R4:", "T1:"] {
        click(&mut game, &mut mid, label);
    }
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    assert_eq!(mid.new_games, 0);
    // The numbers take no more clicks: nothing to record.
    let at = game.regions().unwrap()[0].center();
    let r = game.handle_event(&Event::release(at)).unwrap();
    assert!(!mid.after(&mut game, r));
    assert_eq!(mid.undo.len(), 7);
    // Undo the winning move: playing again.
    mid.undo(&mut game);
    assert_eq!(game.outcome().unwrap().result, GameResult::Playing);
}
