//! What the launcher builds its undo, redo, restart and resume on: the
//! game's `save` after every redraw, and `load` for an undo, through the C
//! ABI table as the launcher calls them, and how they meet the game's own
//! take-back key `z`.

use game_api::host::{GameInstance, GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter, Response};

/// The maze of the ABI test's win (New game's from seed 1).
const MAZE: &str = "67563176759168587958759611729762092727812947989501";

fn start() -> GameInstance {
    let mut game = GameLibrary::from_static(&tally_maze::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.start_from_game_id(MAZE).unwrap();
    game
}

/// The launcher's undo list: the bytes saved after each redraw that
/// changed them.
struct Midend {
    game: GameInstance,
    moves: Vec<Vec<u8>>,
}

impl Midend {
    fn new() -> Midend {
        let mut game = start();
        let first = game.save().unwrap();
        Midend {
            game,
            moves: vec![first],
        }
    }

    fn event(&mut self, event: Event) -> Response {
        let r = self.game.handle_event(&event).unwrap();
        if r == Response::REDRAW {
            let bytes = self.game.save().unwrap();
            if self.moves.last() != Some(&bytes) {
                self.moves.push(bytes);
            }
        }
        r
    }

    fn key(&mut self, name: &str) -> Response {
        self.event(Event::key(name))
    }

    fn undo(&mut self) {
        self.moves.pop();
        let bytes = self.moves.last().unwrap().clone();
        self.game.load(&bytes).unwrap();
    }

    /// What the player sees: the shapes and the status.
    fn shown(&mut self) -> (String, String) {
        let mut painter = RecordingPainter::new();
        self.game.draw(&mut painter).unwrap();
        (format!("{:?}", painter.shapes), self.game.status().unwrap())
    }
}

#[test]
fn each_turn_is_one_move_and_pointer_ticks_and_settings_are_none() {
    let mut m = Midend::new();
    m.key("ArrowDown");
    m.key("Space");
    assert_eq!(m.moves.len(), 3);
    m.event(Event::PointerMove {
        pos: Point::new(100.0, 100.0),
    });
    m.event(Event::Tick { dt: 1.0 });
    m.key("p");
    assert_eq!(
        m.moves.len(),
        3,
        "hover, glides and the preview are not moves"
    );
    m.key("ArrowUp");
    m.key("ArrowUp");
    assert_eq!(m.moves.len(), 4);
}

#[test]
fn undo_and_z_agree() {
    let mut m = Midend::new();
    m.key("ArrowDown");
    m.event(Event::Tick { dt: 1.0 });
    let after_one = m.shown();
    m.key("n");
    m.event(Event::Tick { dt: 1.0 });
    let after_two = m.shown();
    // The launcher's undo shows the position before the last turn...
    m.undo();
    assert_eq!(m.shown(), after_one);
    // ... and so does the game's own z (its bytes are the same as the
    // launcher's earlier ones, so it is an undo too).
    let mut n = Midend::new();
    n.key("ArrowDown");
    n.key("n");
    n.event(Event::Tick { dt: 1.0 });
    assert_eq!(n.shown(), after_two);
    n.key("z");
    assert_eq!(n.shown(), after_one);
    assert_eq!(n.moves.last(), Some(&n.moves[1]));
}

#[test]
fn restart_and_resume_load_saved_bytes() {
    let mut m = Midend::new();
    let start = m.shown();
    for k in ["ArrowDown", "ArrowDown", "Space"] {
        m.key(k);
    }
    m.event(Event::Tick { dt: 1.0 });
    let now = m.shown();
    let bytes = m.game.save().unwrap();
    // Resume: another instance (the launcher started again) loads them.
    let mut other = start_fresh();
    other.load(&bytes).unwrap();
    let mut painter = RecordingPainter::new();
    other.draw(&mut painter).unwrap();
    assert_eq!(
        (format!("{:?}", painter.shapes), other.status().unwrap()),
        now
    );
    assert_eq!(other.game_id().unwrap(), MAZE);
    // Restart: the first bytes.
    let first = m.moves[0].clone();
    m.game.load(&first).unwrap();
    assert_eq!(m.shown(), start);
}

fn start_fresh() -> GameInstance {
    GameLibrary::from_static(&tally_maze::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap()
}
