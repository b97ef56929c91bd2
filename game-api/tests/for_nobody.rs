//! A game says that an outcome is nobody's (revision 6, `outcome_assisted`
//! writing `OUTCOME_FOR_NOBODY`): the player did not play it (a record typed
//! in and replayed, computers playing each other). Driven through the
//! game's own table as a host does.

use game_api::host::{GameLibrary, Recorder};
use game_api::{Event, Game, GameError, Host, Outcome, Outcomes, Painter, Point, Response};

/// A game won on any key: `t` as a typed record, `h` with a hint, `b` both,
/// anything else by hand.
struct Typed {
    last: String,
}

impl Game for Typed {
    fn new(_host: Host) -> Result<Self, GameError> {
        Ok(Typed {
            last: String::new(),
        })
    }
    fn canvas_size(&self) -> Point {
        Point::new(10.0, 10.0)
    }
    fn title(&self) -> String {
        "Typed".into()
    }
    fn status(&self) -> String {
        String::new()
    }
    fn draw(&self, _painter: &mut dyn Painter) {}
    fn handle_event(&mut self, event: &Event) -> Response {
        if let Event::KeyPress { key, .. } = event {
            self.last = key.clone();
        }
        Response::REDRAW
    }
}

impl Outcomes for Typed {
    fn outcome(&self) -> Outcome {
        let won = Outcome::won().with_assistance(matches!(self.last.as_str(), "h" | "b"));
        if matches!(self.last.as_str(), "t" | "b") {
            won.for_nobody()
        } else {
            won
        }
    }
}

game_api::export_game!(Typed, outcome);

fn outcome_after(key: &str) -> Outcome {
    let library = GameLibrary::from_static(&GAME_TABLE).expect("a table the host accepts");
    let mut game = library.start(Box::new(Recorder::new())).expect("it starts");
    game.handle_event(&Event::key(key)).expect("it takes keys");
    game.outcome().expect("it has outcomes")
}

#[test]
fn an_outcome_for_nobody_reaches_the_host_apart_from_help() {
    let (typed, hint, both, hand) = (
        outcome_after("t"),
        outcome_after("h"),
        outcome_after("b"),
        outcome_after("x"),
    );
    assert_eq!((typed.for_nobody, typed.assisted), (true, false));
    assert_eq!((hint.for_nobody, hint.assisted), (false, true));
    assert_eq!((both.for_nobody, both.assisted), (true, true));
    assert_eq!((hand.for_nobody, hand.assisted), (false, false));
    assert_eq!(
        typed.result,
        game_api::GameResult::Won,
        "still won on screen"
    );
}
