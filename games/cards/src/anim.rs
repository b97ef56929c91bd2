//! Animation on the launcher's ticks: cards slide from where they were to
//! their new place and turn over. The game's state changes at once; the
//! animation is only drawing, so undo, saving and tests never wait for it.
//!
//! Take a [`Snapshot`] of the table before a move, change the table, then
//! [`Animator::start`] with the snapshot: every card whose place or side
//! changed slides (and flips) there in [`STEPS`] steps over at most
//! [`DURATION`] seconds, as the original's cards do: five frames a move,
//! not one a display refresh, so a deal costs what the original's does
//! (issue 39). Ask for
//! ticks while [`Animator::is_running`], feed them to [`Animator::tick`],
//! and draw the table leaving out [`Animator::hides`]'s cards, then
//! [`Animator::draw_moving`].

use game_api::{Painter, Point, Rgba, Style};

use crate::card::Card;
use crate::face::{Look, card_size};
use crate::table::Table;

/// How many steps a slide takes, each a frame: the original's
/// `ANIMATION-STEPS`.
pub const STEPS: u32 = 5;

/// How long a long slide takes, in seconds: the original's
/// `ANIMATION-TIME`. A short one takes less ([`Animator::start`]).
pub const DURATION: f32 = 0.3;

/// The original's card width in its pixels, to measure a slide's length
/// as it did.
const ORIGINAL_CARD_WIDTH: f32 = 71.0;

/// Where every card on the table was: card, corner, face up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot(pub Vec<(Card, Point, bool)>);

impl Snapshot {
    /// Where every card of `table` is now.
    pub fn of(table: &Table) -> Snapshot {
        let mut cards = Vec::new();
        for (pile, p) in table.piles.iter().enumerate() {
            for (index, c) in p.cards.iter().enumerate() {
                cards.push((c.card, table.card_pos(pile, index), c.face_up));
            }
        }
        Snapshot(cards)
    }
}

/// A card on its way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slide {
    /// Its pile now.
    pub pile: usize,
    /// Its index in the pile now.
    pub index: usize,
    /// Where it was.
    pub from: Point,
    /// Whether it was face up.
    pub was_up: bool,
}

/// The cards sliding and turning now.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Animator {
    slides: Vec<Slide>,
    /// Seconds since the start.
    elapsed: f32,
    /// How long these slides take, in seconds.
    duration: f32,
}

impl Animator {
    /// Nothing moving.
    pub fn new() -> Animator {
        Animator::default()
    }

    /// Starts the cards of `after` that moved or turned since `before`
    /// sliding. A card found in several places (two decks, a shoe) is
    /// matched first to a place where it stayed, then to the nearest place
    /// it left, so a twin that did not move never flies. Any animation
    /// running is finished first. As the original's, slides shorter than
    /// 100 of its pixels (1.4 card widths) take less time: from half of
    /// [`DURATION`] for none to all of it at that length (a speed that
    /// looks right for a long move is too slow for a short one).
    pub fn start(&mut self, before: &Snapshot, after: &Table) {
        self.finish();
        let mut used = vec![false; before.0.len()];
        let mut moved = Vec::new();
        // First the cards that stayed where they were, face as it was.
        for (pile, p) in after.piles.iter().enumerate() {
            for (index, c) in p.cards.iter().enumerate() {
                let now = after.card_pos(pile, index);
                let stayed = (0..before.0.len())
                    .find(|&i| !used[i] && before.0[i] == (c.card, now, c.face_up));
                match stayed {
                    Some(i) => used[i] = true,
                    None => moved.push((pile, index, c.card, now)),
                }
            }
        }
        // Then the others, each from the nearest place its card left.
        for (pile, index, card, now) in moved {
            let distance = |i: usize| {
                let from = before.0[i].1;
                (from.x - now.x).powi(2) + (from.y - now.y).powi(2)
            };
            let found = (0..before.0.len())
                .filter(|&i| !used[i] && before.0[i].0 == card)
                .min_by(|&a, &b| distance(a).total_cmp(&distance(b)));
            let Some(i) = found else { continue };
            used[i] = true;
            let (_, from, was_up) = before.0[i];
            self.slides.push(Slide {
                pile,
                index,
                from,
                was_up,
            });
        }
        let longest = self
            .slides
            .iter()
            .map(|s| {
                let to = after.card_pos(s.pile, s.index);
                (to.x - s.from.x).abs().max((to.y - s.from.y).abs())
            })
            .fold(0.0, f32::max);
        let original_pixels = longest / after.layout().card_width.max(1.0) * ORIGINAL_CARD_WIDTH;
        self.duration = if original_pixels < 100.0 {
            DURATION * (original_pixels + 100.0) / 200.0
        } else {
            DURATION
        };
    }

    /// Whether cards are moving (ask for ticks while they are).
    pub fn is_running(&self) -> bool {
        !self.slides.is_empty()
    }

    /// The cards moving.
    pub fn slides(&self) -> &[Slide] {
        &self.slides
    }

    /// Lets `dt` seconds pass; whether cards moved (redraw if so). The
    /// last step puts them in their places and stops. Ticks come a step
    /// apart ([`crate::view::SLIDE_TICK`]), so each moves them a step.
    pub fn tick(&mut self, dt: f32) -> bool {
        if self.slides.is_empty() {
            return false;
        }
        self.elapsed += dt.max(0.0);
        if self.step() >= STEPS {
            self.finish();
        }
        true
    }

    /// The step shown now, from 1 (shown as the move is made, as the
    /// original's first step is) to [`STEPS`]. A tick a little early
    /// (the host's ticks wander) still counts for its step.
    fn step(&self) -> u32 {
        let each = self.duration.max(f32::EPSILON) / STEPS as f32;
        ((self.elapsed / each).round() as u32 + 1).min(STEPS)
    }

    /// Stops every card at its place (a new game, undo, a load).
    pub fn finish(&mut self) {
        self.slides.clear();
        self.elapsed = 0.0;
    }

    /// How far along the slides are: a step's worth of the way at each
    /// step, evenly, as the original's.
    pub fn progress(&self) -> f32 {
        if self.slides.is_empty() {
            return 1.0;
        }
        self.step() as f32 / STEPS as f32
    }

    /// Whether card `index` of pile `pile` is moving (drawn by
    /// [`Animator::draw_moving`], so the table leaves it out).
    pub fn hides(&self, pile: usize, index: usize) -> bool {
        self.slides
            .iter()
            .any(|s| s.pile == pile && s.index == index)
    }

    /// Where a moving card is now and how wide it shows (narrowing to an
    /// edge and widening again as it turns over), and which side shows.
    pub fn frame(&self, table: &Table, slide: &Slide) -> (Point, f32, bool) {
        let to = table.card_pos(slide.pile, slide.index);
        let k = self.progress();
        let at = Point::new(
            slide.from.x + (to.x - slide.from.x) * k,
            slide.from.y + (to.y - slide.from.y) * k,
        );
        let now_up = table.piles[slide.pile].cards[slide.index].face_up;
        if now_up == slide.was_up {
            return (at, 1.0, now_up);
        }
        let width = (1.0 - 2.0 * k).abs();
        (at, width, if k < 0.5 { slide.was_up } else { now_up })
    }

    /// Draws the moving cards where they are now, the later in a pile
    /// over the earlier.
    pub fn draw_moving(&self, table: &Table, painter: &mut dyn Painter) {
        let mut order: Vec<&Slide> = self.slides.iter().collect();
        order.sort_by_key(|s| (s.pile, s.index));
        let w = table.layout().card_width;
        for slide in order {
            let (at, width, up) = self.frame(table, slide);
            let c = table.piles[slide.pile].cards[slide.index];
            if width > 0.98 {
                let look = Look {
                    face_up: up,
                    ..Look::UP
                };
                table.draw_card_at(painter, c, at, look);
            } else {
                // Turning: the card seen edge-on, a plain narrowing card.
                let size = card_size(w);
                let shown = size.x * width.max(0.02);
                let colour = if up {
                    Rgba::rgb(252, 252, 248)
                } else {
                    table.deck.back
                };
                painter.rounded_rect(
                    Point::new(at.x + (size.x - shown) / 2.0, at.y),
                    Point::new(shown, size.y),
                    shown.min(w * 0.07),
                    Style::solid(colour),
                );
            }
        }
    }

    /// Draws the whole table with the moving cards on their way.
    pub fn draw(&self, table: &Table, painter: &mut dyn Painter) {
        table.draw_except(painter, &|pile, index| self.hides(pile, index));
        self.draw_moving(table, painter);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::deck;
    use crate::table::{Fan, Pile, TableCard};
    use game_api::{RecordingPainter, Shape};

    fn table() -> Table {
        let mut t = Table::new(3.0, 2.0);
        t.add_pile(Pile::new("stock", (0.0, 0.0), Fan::Stacked));
        t.add_pile(Pile::new("waste", (1.0, 0.0), Fan::Right));
        t.piles[0].cards = deck()[..5].iter().map(|&c| TableCard::down(c)).collect();
        t
    }

    /// Turns the stock's top card over onto the waste.
    fn deal_one(t: &mut Table) {
        let mut c = t.piles[0].cards.pop().unwrap();
        c.face_up = true;
        t.piles[1].cards.push(c);
    }

    /// Two decks: the seven of hearts on the middle column and on the
    /// right one; the right one moves to the empty left column, ahead of
    /// its twin in the table's order. Only it slides, from where it was:
    /// its twin stays (matched by face alone, the twin used to fly too).
    #[test]
    fn a_twin_card_that_did_not_move_never_slides() {
        let mut t = Table::new(3.0, 2.0);
        for (name, column) in [("left", 0.0), ("middle", 1.0), ("right", 2.0)] {
            t.add_pile(Pile::new(name, (column, 0.0), Fan::Down));
        }
        let seven: Card = "7H".parse().unwrap();
        t.piles[1].cards.push(TableCard::up(seven));
        t.piles[2].cards.push(TableCard::up(seven));
        let before = Snapshot::of(&t);
        let from = t.card_pos(2, 0);
        let card = t.piles[2].cards.pop().unwrap();
        t.piles[0].cards.push(card);
        let mut anim = Animator::new();
        anim.start(&before, &t);
        assert_eq!(
            anim.slides(),
            [Slide {
                pile: 0,
                index: 0,
                from,
                was_up: true
            }]
        );
        assert!(!anim.hides(1, 0), "the twin that stayed is drawn in place");
    }

    /// Ticks of the host's slide interval until the slides stop; where
    /// the first slide was drawn at the move and after each tick.
    fn frames(anim: &mut Animator, t: &Table) -> Vec<(Point, f32, bool)> {
        let dt = crate::view::SLIDE_TICK.as_secs_f32();
        let mut frames = vec![anim.frame(t, &anim.slides()[0])];
        while anim.tick(dt) && anim.is_running() {
            frames.push(anim.frame(t, &anim.slides()[0]));
            assert!(frames.len() < 100, "the slide never ends");
        }
        frames
    }

    #[test]
    fn the_state_changes_at_once_and_the_card_slides_and_turns_in_the_originals_five_steps() {
        let mut t = table();
        let before = Snapshot::of(&t);
        let from = t.card_pos(0, 4);
        deal_one(&mut t);
        let mut anim = Animator::new();
        anim.start(&before, &t);
        // The table holds the new state; only the dealt card moves.
        assert_eq!(t.piles[1].cards.len(), 1);
        assert_eq!(anim.slides().len(), 1);
        assert!(anim.hides(1, 0) && !anim.hides(0, 3));
        let to = t.card_pos(1, 0);
        // Four frames on the way, each a fifth further (the first as the
        // move is made, as the original's first step), then in place.
        let frames = frames(&mut anim, &t);
        assert_eq!(frames.len(), STEPS as usize - 1, "{frames:?}");
        for (n, &(at, _, _)) in frames.iter().enumerate() {
            let k = (n + 1) as f32 / STEPS as f32;
            assert!(
                (at.x - (from.x + (to.x - from.x) * k)).abs() < 1e-3,
                "{n}: {at:?}"
            );
            assert!((at.y - from.y).abs() < 1e-3);
        }
        // It turns as it goes: narrowing face down, widening face up.
        let turns: Vec<(f32, bool)> = frames
            .iter()
            .map(|&(_, w, up)| ((w * 10.0).round() / 10.0, up))
            .collect();
        assert_eq!(
            turns,
            [(0.6, false), (0.2, false), (0.2, true), (0.6, true)]
        );
        // Done: nothing moves, the tick after asks for nothing.
        assert!(!anim.is_running());
        assert!(!anim.tick(0.1));
    }

    #[test]
    fn a_short_slide_takes_less_time_than_a_long_one_as_the_originals() {
        let mut t = Table::new(8.0, 2.0);
        t.add_pile(Pile::new("near", (0.0, 0.0), Fan::Stacked));
        t.add_pile(Pile::new("next", (0.2, 0.0), Fan::Stacked));
        t.add_pile(Pile::new("far", (7.0, 0.0), Fan::Stacked));
        t.lay_out(Point::new(800.0, 200.0));
        t.piles[0].cards = deck()[..2].iter().map(|&c| TableCard::up(c)).collect();
        let ticks = |t: &mut Table, to: usize| {
            let before = Snapshot::of(t);
            let c = t.piles[0].cards.pop().unwrap();
            t.piles[to].cards.push(c);
            let mut anim = Animator::new();
            anim.start(&before, t);
            let mut ticks = 0;
            while anim.is_running() {
                anim.tick(crate::view::SLIDE_TICK.as_secs_f32());
                ticks += 1;
            }
            ticks
        };
        let long = ticks(&mut t, 2);
        let short = ticks(&mut t, 1);
        assert_eq!(long, STEPS - 1, "a long slide: a tick a step");
        assert!(
            short < long,
            "a short slide is quicker: {short} ticks against {long}"
        );
    }

    #[test]
    fn cards_that_stay_do_not_move() {
        let t = table();
        let mut anim = Animator::new();
        anim.start(&Snapshot::of(&t), &t);
        assert!(!anim.is_running());
        // A new layout after: every card slides to its new place.
        let before = Snapshot::of(&t);
        let mut bigger = t.clone();
        bigger.lay_out(Point::new(900.0, 700.0));
        anim.start(&before, &bigger);
        assert_eq!(anim.slides().len(), 5);
        anim.finish();
        assert!(!anim.is_running());
    }

    #[test]
    fn drawing_puts_the_moving_card_on_its_way() {
        let mut t = table();
        let before = Snapshot::of(&t);
        deal_one(&mut t);
        let mut anim = Animator::new();
        anim.start(&before, &t);
        let mut p = RecordingPainter::new();
        anim.draw(&t, &mut p);
        // Still face down and not yet at the waste: no index drawn, and
        // the last shape drawn is on its way between the piles.
        assert!(
            !p.shapes
                .iter()
                .any(|s| matches!(s, Shape::StyledText { .. }))
        );
        let (at, _, _) = anim.frame(&t, &anim.slides()[0]);
        assert!(at.x > t.card_pos(0, 0).x && at.x < t.card_pos(1, 0).x);
        // Finished: the card is drawn face up at the waste.
        anim.finish();
        let mut q = RecordingPainter::new();
        anim.draw(&t, &mut q);
        let indices = q
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::StyledText { .. }))
            .count();
        assert_eq!(indices, 2);
    }
}
