//! Answers sent as what changed since the last answer to the same read.
//!
//! After every event the console reads the game's view again: its canvas
//! size, title, status line, game ID, controls, labelled regions and frame.
//! Most of them are what they were, and a frame is mostly the last one: a
//! card dragged across Spider's table changes a dozen of its thousand
//! commands. Sent whole, each pointer move had the game process encode about
//! 40 kB, the pipe carry them and the console decode them again. So the game
//! process keeps the last answer it sent to each of these reads
//! ([`Repeats::shorten`]) and sends [`Answer::Same`] for one that did not
//! change, and [`Answer::FrameChange`] for a frame whose first and last
//! commands are the last frame's; the console keeps the answers it took in
//! ([`Repeats::expand`]) and makes the whole answer again before anything
//! else sees it (so every check is made on whole answers, as before).
//!
//! Both sides go through the same answers in the same order: the game
//! process remembers an answer only once the reply that carries it is sent
//! as it is ([`Undo`]), the console every answer it reads, whether a caller
//! still waits for it or not. A call that failed changes nothing on either
//! side. A game process that says "the same" of an answer it never sent, or
//! keeps more of a frame than there was, breaks the protocol.

use crate::protocol::{Answer, Call, Frame, FrameChange};

/// The reads whose answers are sent as what changed: each has a slot.
fn slot(call: &Call) -> Option<usize> {
    Some(match call {
        Call::CanvasSize => 0,
        Call::Title => 1,
        Call::Status => 2,
        Call::GameId => 3,
        Call::Actions => 4,
        Call::Regions => 5,
        Call::Draw => 6,
        Call::Save => 7,
        Call::Outcome => 8,
        _ => return None,
    })
}

/// How many reads have a slot.
const SLOTS: usize = 9;

/// The last answer to each read, on one side of the pipe.
#[derive(Debug, Default)]
pub struct Repeats {
    last: [Option<Answer>; SLOTS],
}

/// What [`Repeats::shorten`] replaced, to put back if the reply that
/// carries the shortened answers is not sent as it is.
#[derive(Debug, Default)]
pub struct Undo {
    replaced: Vec<(usize, Option<Answer>)>,
}

impl Repeats {
    /// No answer yet.
    pub fn new() -> Repeats {
        Repeats::default()
    }

    /// The game process's side: what to send for `answer`, the answer to
    /// `call`, which is remembered as the last ([`Undo`] keeps what it
    /// replaced).
    pub fn shorten(&mut self, call: &Call, answer: Answer, undo: &mut Undo) -> Answer {
        let Some(slot) = slot(call) else {
            return answer;
        };
        let sent = match (&self.last[slot], &answer) {
            (Some(Answer::Frame(last)), Answer::Frame(frame)) => {
                frame_change(last, frame).unwrap_or_else(|| answer.clone())
            }
            (Some(last), _) if *last == answer => Answer::Same,
            _ => answer.clone(),
        };
        undo.replaced.push((slot, self.last[slot].replace(answer)));
        sent
    }

    /// Puts back what [`Repeats::shorten`] replaced since `undo` was made:
    /// the reply that carried those answers was not sent as it was.
    pub fn undo(&mut self, undo: Undo) {
        for (slot, last) in undo.replaced.into_iter().rev() {
            self.last[slot] = last;
        }
    }

    /// The console's side: the whole answer to `call` that the game
    /// process sent as `sent`, remembered as the last.
    pub fn expand(&mut self, call: &Call, sent: Answer) -> Result<Answer, String> {
        let Some(slot) = slot(call) else {
            return match sent {
                Answer::Same | Answer::FrameChange(_) => Err(format!(
                    "it answered {call:?} with a change, which it cannot"
                )),
                whole => Ok(whole),
            };
        };
        let whole = match sent {
            Answer::Same => self.last[slot].clone().ok_or_else(|| {
                format!("it answered {call:?} as before, never having answered it")
            })?,
            Answer::FrameChange(change) => {
                let Some(Answer::Frame(last)) = self.last[slot].take() else {
                    return Err(format!("it answered {call:?} with a change of no frame"));
                };
                Answer::Frame(apply(last, change)?)
            }
            whole => whole,
        };
        self.last[slot] = Some(whole.clone());
        Ok(whole)
    }
}

/// `frame` as its change from `last` ([`Answer::Same`] when it is the
/// same), when they share their first or last commands: one pass over
/// the commands they share.
fn frame_change(last: &Frame, frame: &Frame) -> Option<Answer> {
    let (old, new) = (&last.shapes, &frame.shapes);
    let front = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    if front == old.len() && front == new.len() {
        return Some(if last == frame {
            Answer::Same
        } else {
            Answer::FrameChange(FrameChange {
                kept_front: front as u32,
                kept_back: 0,
                frame: Frame {
                    shapes: Vec::new(),
                    report: frame.report,
                    notes: frame.notes.clone(),
                },
            })
        });
    }
    let most_back = old.len().min(new.len()) - front;
    let back = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(most_back)
        .take_while(|(a, b)| a == b)
        .count();
    if front + back == 0 {
        return None;
    }
    Some(Answer::FrameChange(FrameChange {
        kept_front: front as u32,
        kept_back: back as u32,
        frame: Frame {
            shapes: new[front..new.len() - back].to_vec(),
            report: frame.report,
            notes: frame.notes.clone(),
        },
    }))
}

/// The frame `change` makes of `last` (whose commands it takes, not
/// copies).
fn apply(last: Frame, change: FrameChange) -> Result<Frame, String> {
    let (front, back) = (change.kept_front as usize, change.kept_back as usize);
    let mut old = last.shapes;
    if front.checked_add(back).is_none_or(|kept| kept > old.len()) {
        return Err(format!(
            "a frame that keeps {front} and {back} commands of the last, which had {}",
            old.len()
        ));
    }
    let tail = old.split_off(old.len() - back);
    old.truncate(front);
    old.reserve(change.frame.shapes.len() + tail.len());
    old.extend(change.frame.shapes);
    old.extend(tail);
    Ok(Frame {
        shapes: old,
        report: change.frame.report,
        notes: change.frame.notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Point, Rgba, Shape, Style};

    fn square(x: f32) -> Shape {
        Shape::Rect {
            min: Point::new(x, 0.0),
            size: Point::new(10.0, 10.0),
            style: Style::solid(Rgba::rgb(1, 2, 3)),
        }
    }

    fn frame(xs: &[f32]) -> Answer {
        Answer::Frame(Frame {
            shapes: xs.iter().map(|x| square(*x)).collect(),
            ..Frame::default()
        })
    }

    /// Sends `answers` to `call` from a game process to a console, as the
    /// pipe would: returns what was sent and what the console took.
    fn through(answers: &[Answer], call: &Call) -> Vec<(Answer, Answer)> {
        let (mut game, mut console) = (Repeats::new(), Repeats::new());
        answers
            .iter()
            .map(|answer| {
                let sent = game.shorten(call, answer.clone(), &mut Undo::default());
                let taken = console.expand(call, sent.clone()).expect("a sound change");
                (sent, taken)
            })
            .collect()
    }

    #[test]
    fn the_console_takes_in_every_answer_whole() {
        let frames = [
            frame(&[0.0, 1.0, 2.0, 3.0]),
            // A dragged card, drawn last, moves.
            frame(&[0.0, 1.0, 2.0, 4.0]),
            frame(&[0.0, 1.0, 2.0, 4.0]),
            // One under the middle changes; one is added; all change.
            frame(&[0.0, 9.0, 2.0, 4.0]),
            frame(&[0.0, 9.0, 2.0, 4.0, 5.0]),
            frame(&[7.0, 8.0]),
            frame(&[]),
            frame(&[1.0]),
        ];
        for (i, (sent, taken)) in through(&frames, &Call::Draw).into_iter().enumerate() {
            assert_eq!(taken, frames[i], "frame {i}");
            let expected_kind = match i {
                0 | 5 | 6 | 7 => "whole",
                2 => "same",
                _ => "change",
            };
            let kind = match sent {
                Answer::Same => "same",
                Answer::FrameChange(_) => "change",
                _ => "whole",
            };
            assert_eq!(kind, expected_kind, "frame {i}");
        }
        let texts = [
            Answer::Text("a".into()),
            Answer::Text("a".into()),
            Answer::Text("b".into()),
        ];
        let sent: Vec<Answer> = through(&texts, &Call::Status)
            .into_iter()
            .map(|(sent, taken)| {
                assert!(texts.contains(&taken));
                sent
            })
            .collect();
        assert_eq!(sent, [texts[0].clone(), Answer::Same, texts[2].clone()]);
    }

    #[test]
    fn a_dragged_card_crosses_the_pipe_alone() {
        let table: Vec<f32> = (0..1000).map(|i| i as f32).collect();
        let mut moved = table.clone();
        moved[999] = 2000.0;
        let sent = through(&[frame(&table), frame(&moved)], &Call::Draw);
        let Answer::FrameChange(change) = &sent[1].0 else {
            panic!("sent whole: {:?}", sent[1].0);
        };
        assert_eq!((change.kept_front, change.kept_back), (999, 0));
        assert_eq!(change.frame.shapes, [square(2000.0)]);
    }

    #[test]
    fn a_reply_not_sent_as_it_was_is_forgotten() {
        let (mut game, mut console) = (Repeats::new(), Repeats::new());
        let first = game.shorten(&Call::Title, Answer::Text("a".into()), &mut Undo::default());
        console.expand(&Call::Title, first).unwrap();
        // This reply was too long for the pipe: errors went instead.
        let mut undo = Undo::default();
        game.shorten(&Call::Title, Answer::Text("b".into()), &mut undo);
        game.shorten(&Call::Title, Answer::Text("c".into()), &mut undo);
        game.undo(undo);
        let again = game.shorten(&Call::Title, Answer::Text("a".into()), &mut Undo::default());
        assert_eq!(again, Answer::Same);
        assert_eq!(
            console.expand(&Call::Title, again).unwrap(),
            Answer::Text("a".into())
        );
    }

    #[test]
    fn a_change_of_what_was_never_sent_breaks_the_protocol() {
        let mut console = Repeats::new();
        assert!(console.expand(&Call::Status, Answer::Same).is_err());
        assert!(console.expand(&Call::Save, Answer::Same).is_err());
        let change = |front, back| {
            Answer::FrameChange(FrameChange {
                kept_front: front,
                kept_back: back,
                frame: Frame::default(),
            })
        };
        assert!(console.expand(&Call::Draw, change(0, 1)).is_err());
        console.expand(&Call::Draw, frame(&[1.0, 2.0])).unwrap();
        assert!(console.expand(&Call::Draw, change(2, 1)).is_err());
        console.expand(&Call::Draw, frame(&[1.0, 2.0])).unwrap();
        assert!(
            console
                .expand(&Call::Draw, change(u32::MAX, u32::MAX))
                .is_err()
        );
        assert!(console.expand(&Call::Title, change(0, 0)).is_err());
    }
}
