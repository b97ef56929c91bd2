//! What ABI revision 5 adds, driven through a game's own table as a host
//! does: a file the player chooses, a canvas laid out to the window,
//! pointer shapes, the clock, styled text and pictures, and scores where
//! fewer is better.

use game_api::host::{GameLibrary, HostServices, Recorder};
use game_api::{
    ChosenFile, Cursor, Event, FileChoice, FileKind, Game, GameError, Host, Outcome, Outcomes,
    Painter, Picture, PictureStyle, Point, RecordingPainter, Response, Rgba, ScoreKind, Shape,
    TextStyle,
};

/// A board that uses everything of revision 5.
struct Board {
    host: Host,
    size: Point,
    status: String,
}

impl Game for Board {
    fn new(host: Host) -> Result<Self, GameError> {
        host.request_layout(true);
        host.set_cursor(Cursor::Grab);
        Ok(Board {
            host,
            size: Point::new(100.0, 100.0),
            status: String::new(),
        })
    }
    fn canvas_size(&self) -> Point {
        self.size
    }
    fn title(&self) -> String {
        "Board".into()
    }
    fn status(&self) -> String {
        self.status.clone()
    }
    fn draw(&self, painter: &mut dyn Painter) {
        painter.styled_text(
            Point::new(1.0, 2.0),
            game_api::Anchor::TopLeft,
            12.0,
            Rgba::rgb(0, 0, 0),
            TextStyle::BOLD.monospace(),
            "Score",
        );
        let measured = painter.styled_text_size(12.0, TextStyle::MONOSPACE, "abc");
        painter.rect(
            Point::new(0.0, 0.0),
            measured,
            game_api::Style::outline(Rgba::rgb(0, 0, 0)),
        );
        painter.styled_picture(
            Picture::Rgba {
                width: 1,
                height: 1,
                pixels: &[1, 2, 3, 4],
            },
            Point::new(5.0, 5.0),
            Point::new(10.0, 20.0),
            PictureStyle::PLAIN.tinted(Rgba::rgb(255, 0, 0)).turned(3),
        );
    }
    fn handle_event(&mut self, event: &Event) -> Response {
        if matches!(event, Event::KeyPress { key, .. } if key == "o") {
            self.host.choose_file(FileKind::Picture);
        }
        if matches!(event, Event::KeyPress { key, .. } if key == "c") {
            self.status = format!("{:?}", self.host.play_time());
            return Response::REDRAW;
        }
        Response::NONE
    }
    fn file_chosen(&mut self, choice: FileChoice) -> Response {
        self.status = match choice {
            FileChoice::Chosen(file) => format!("{} {}", file.name, file.bytes.len()),
            FileChoice::Cancelled(kind) => format!("cancelled {kind:?}"),
            FileChoice::Refused(why) => format!("refused {why}"),
        };
        Response::REDRAW
    }
    fn lay_out_canvas(&mut self, size: Point) -> Response {
        self.size = size;
        Response::REDRAW
    }
}

impl Outcomes for Board {
    fn outcome(&self) -> Outcome {
        Outcome::won().with_score(7)
    }
    fn score_kind(&self) -> ScoreKind {
        ScoreKind::fewest("moves")
    }
}

game_api::export_game!(Board, outcome);

/// A host whose clock reads 1234 ms, recording the rest.
struct Clocked(Recorder);

impl HostServices for Clocked {
    fn show_text_help(&mut self, title: &str, verbatim: bool) {
        self.0.show_text_help(title, verbatim)
    }
    fn show_manual_section(&mut self, tag: &str) {
        self.0.show_manual_section(tag)
    }
    fn request_redraw(&mut self) {
        self.0.request_redraw()
    }
    fn log(&mut self, message: &str) {
        self.0.log(message)
    }
    fn choose_file(&mut self, kind: u32) {
        self.0.choose_file(kind)
    }
    fn request_layout(&mut self, fill: bool) {
        self.0.request_layout(fill)
    }
    fn set_cursor(&mut self, cursor: u32) {
        self.0.set_cursor(cursor)
    }
    fn play_time(&mut self) -> u64 {
        1234
    }
}

fn start() -> (game_api::host::GameInstance, Recorder) {
    let recorder = Recorder::new();
    let library = GameLibrary::from_static(&GAME_TABLE).expect("a table of this revision");
    let game = library
        .start(Box::new(Clocked(recorder.clone())))
        .expect("it starts");
    (game, recorder)
}

#[test]
fn layout_and_cursor_requests_reach_the_host_and_layout_reaches_the_game() {
    let (mut game, recorder) = start();
    assert_eq!(recorder.requests(), ["layout true", "cursor 2"]);
    assert!(game.layout(Point::new(640.0, 0.0)).unwrap().redraw);
    // Sides below 1 (or not numbers) arrive as 1.
    assert_eq!(game.canvas_size().unwrap(), Point::new(640.0, 1.0));
    game.layout(Point::new(f32::NAN, 90000.0)).unwrap();
    assert_eq!(game.canvas_size().unwrap(), Point::new(1.0, 8192.0));
}

#[test]
fn a_file_request_goes_to_the_host_and_the_answer_to_the_game() {
    let (mut game, recorder) = start();
    game.handle_event(&Event::key("o")).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("choose file 1"));
    let chosen = FileChoice::Chosen(ChosenFile {
        kind: FileKind::Picture,
        name: "cat.png".into(),
        bytes: vec![7; 300],
    });
    assert!(game.file_chosen(&chosen).unwrap().redraw);
    assert_eq!(game.status().unwrap(), "cat.png 300");
    game.file_chosen(&FileChoice::Cancelled(FileKind::Picture))
        .unwrap();
    assert_eq!(game.status().unwrap(), "cancelled Picture");
    game.file_chosen(&FileChoice::Refused("not now".into()))
        .unwrap();
    assert_eq!(game.status().unwrap(), "refused not now");
}

#[test]
fn the_game_reads_the_hosts_clock() {
    let (mut game, _recorder) = start();
    game.handle_event(&Event::key("c")).unwrap();
    assert_eq!(
        game.status().unwrap(),
        format!("{:?}", Some(std::time::Duration::from_millis(1234)))
    );
}

#[test]
fn styled_text_and_pictures_cross_with_their_styles() {
    let (mut game, _recorder) = start();
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    assert_eq!(
        painter.shapes[0],
        Shape::StyledText {
            pos: Point::new(1.0, 2.0),
            anchor: game_api::Anchor::TopLeft,
            font_size: 12.0,
            color: Rgba::rgb(0, 0, 0),
            style: TextStyle {
                bold: true,
                italic: false,
                monospace: true
            },
            text: "Score".into(),
        }
    );
    // A recording painter measures by the estimate.
    assert!(matches!(
        painter.shapes[1],
        Shape::Rect { size, .. } if size == game_api::estimate_text_size(12.0, "abc")
    ));
    let Shape::StyledPicture { style, size, .. } = &painter.shapes[2] else {
        panic!("{:?}", painter.shapes[2]);
    };
    assert_eq!(style.tint, Rgba::rgb(255, 0, 0));
    assert_eq!(style.quarter_turns, 3);
    assert_eq!(*size, Point::new(10.0, 20.0));
}

#[test]
fn a_fewer_is_better_score_is_said_once_with_its_unit() {
    let (mut game, _recorder) = start();
    assert_eq!(game.score_kind().unwrap(), ScoreKind::fewest("moves"));
    assert_eq!(game.outcome().unwrap().score, Some(7));
    assert!(ScoreKind::fewest("moves").is_better(6, 7));
    assert!(ScoreKind::points().is_better(8, 7));
}
