//! PLT Games: no pass "to let things settle" after a pass that changed
//! nothing on the screen.
//!
//! egui answers every request for an immediate repaint with two passes
//! (`outstanding = 1` in `Context::request_repaint_after`): the one asked
//! for, and one more that egui asks for itself at the start of that one,
//! "to give some things time to settle". Every input event asks for an
//! immediate repaint, so a pointer move over a game costs three passes of
//! the console and the game window, where the third is, nearly always,
//! the second again. On a software rasteriser that is a third of the CPU
//! of a pointer move.
//!
//! Here the requests are told apart. egui tells an integration of every
//! request through the repaint observer, and of some through the repaint
//! callback: those that make the next repaint come sooner, and the one it
//! makes itself at the start of a pass, which the observer never sees.
//! So every request the observer sees is passed on to the event loop at
//! once (not only those egui's callback would pass on: once egui itself
//! has a repaint pending, it calls the callback for no later request),
//! (unless one as early, asked at the same pass, is still waiting in the
//! event loop: that one's repaint comes after this request, so it serves
//! both), and a callback the observer did not see just before is egui's own
//! "settle" pass, marked so. The event loop then runs the settle pass only
//! when the pass before it changed what the window shows
//! (`WinitApp::settle_pass_wanted`); a pass that showed nothing new would
//! only be followed by the same pass again.
//!
//! The pass egui asks for after an input of pointer moves only (a hover,
//! or a drag: a button held; no press, release, key or scroll) is marked
//! the same way. egui asks for it at the start of every pass that had
//! input, before any code of the application runs; an input that changes
//! something shows in its own pass, and an application that changes more
//! than its pass could show asks for a repaint itself (those requests are
//! never marked). So after a hover whose pass showed nothing new, the pass
//! egui asks for would show the same again: a pointer moved over a game
//! that draws no hover costs one pass, not two. A plugin tells those
//! requests apart: it sees the input just before the pass begins, and the
//! start of the pass, after egui's request and before the application's
//! code. `EFRAME_SETTLE_PASSES=1` runs all these passes, as egui asks.
//!
//! "Nothing new" leaves out an area the application paints itself
//! ([`crate::paints_itself`]: a game's canvas, whose drawing the game sends
//! and whose every change the application asks a frame for): a card
//! dragged over a game's table changes only shapes clipped to the canvas,
//! and the pass after it would paint the same card at the same place. A
//! drag's move is then one pass, where it was two (the second, on a
//! software rasteriser, a third of the move's CPU).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::mutex::Mutex;
use egui::{RequestRepaintInfo, ViewportId};

use super::winit_integration::UserEvent;

/// Where the requests go: the event loop's proxy (a test's list).
type Send = Box<dyn Fn(UserEvent) + std::marker::Send + Sync>;

/// Whether settle passes are all run, as egui asks
/// (`EFRAME_SETTLE_PASSES=1`).
pub(crate) fn all_settle_passes() -> bool {
    static ALL: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ALL.get_or_init(|| std::env::var_os("EFRAME_SETTLE_PASSES").is_some_and(|v| v == "1"))
}

/// Passes a context's repaint requests on to the event loop, telling its
/// settle passes apart (see the module's documentation).
pub(crate) struct RepaintRequests {
    send: Send,
    state: Mutex<Requests>,
}

#[derive(Default)]
struct Requests {
    /// The request the observer saw last, until the callback that may
    /// follow it: (viewport, pass number, delay).
    observed: Option<(ViewportId, u64, Duration)>,
    /// The viewport whose pass is beginning, from the input's arrival to
    /// the start of the pass, when that input is pointer moves only (a
    /// hover or a drag).
    moves_pass: Option<ViewportId>,
    /// The repaint sent for each viewport and not yet taken by the event
    /// loop, with the pass number it was asked at: a request asked at the
    /// same pass for no earlier adds nothing (that repaint, when the event
    /// loop takes it, runs a pass after this request).
    pending: HashMap<ViewportId, (u64, Instant)>,
}

impl RepaintRequests {
    /// Requests passed on to the event loop of `proxy`.
    pub(crate) fn new(
        proxy: Arc<Mutex<winit::event_loop::EventLoopProxy<UserEvent>>>,
    ) -> Arc<Self> {
        Self::sending(Box::new(move |event| {
            proxy.lock().send_event(event).ok();
        }))
    }

    /// Requests passed on to `send`.
    fn sending(send: Send) -> Arc<Self> {
        Arc::new(Self {
            send,
            state: Mutex::new(Requests::default()),
        })
    }

    /// Makes `egui_ctx` pass its repaint requests on through these.
    pub(crate) fn install(self: &Arc<Self>, egui_ctx: &egui::Context) {
        let observer = Arc::clone(self);
        egui_ctx.set_repaint_observer(move |info| observer.observed(&info));
        let callback = Arc::clone(self);
        egui_ctx.set_request_repaint_callback(move |info| callback.called(&info));
        egui_ctx.add_plugin(MovePasses(Arc::clone(self)));
    }

    /// Every request anyone makes: sent unless a repaint as early, asked at
    /// the same pass, waits in the event loop.
    fn observed(&self, info: &RequestRepaintInfo) {
        let when = Instant::now() + info.delay;
        let key = (
            info.viewport_id,
            info.current_cumulative_pass_nr,
            info.delay,
        );
        let mut state = self.state.lock();
        state.observed = Some(key);
        if info.delay == Duration::ZERO
            && state.moves_pass == Some(info.viewport_id)
            && !all_settle_passes()
        {
            // egui's request for a pass after pointer moves (see the module's
            // documentation): marked, and never one that serves others,
            // as the event loop may leave it out.
            drop(state);
            self.send(info, when, true);
            return;
        }
        let served = state
            .pending
            .get(&info.viewport_id)
            .is_some_and(|&(pass_nr, sent)| {
                pass_nr == info.current_cumulative_pass_nr && sent <= when
            });
        if !served {
            state
                .pending
                .insert(info.viewport_id, (info.current_cumulative_pass_nr, when));
            drop(state);
            self.send(info, when, false);
        }
    }

    /// egui's callback: sent by [`Self::observed`] already, unless it is
    /// egui's own settle pass.
    fn called(&self, info: &RequestRepaintInfo) {
        let key = (
            info.viewport_id,
            info.current_cumulative_pass_nr,
            info.delay,
        );
        if self.state.lock().observed.take() == Some(key) {
            return;
        }
        let settle = info.delay == Duration::ZERO && !all_settle_passes();
        self.send(info, Instant::now() + info.delay, settle);
    }

    /// The event loop took the repaint of `viewport_id` asked at pass
    /// `cumulative_pass_nr` for `when`: a request like it is sent again.
    pub(crate) fn taken(&self, viewport_id: ViewportId, cumulative_pass_nr: u64, when: Instant) {
        let mut state = self.state.lock();
        if state.pending.get(&viewport_id) == Some(&(cumulative_pass_nr, when)) {
            state.pending.remove(&viewport_id);
        }
    }

    fn send(&self, info: &RequestRepaintInfo, when: Instant, settle: bool) {
        log::trace!("repaint request: {info:?}, settle: {settle}");
        (self.send)(UserEvent::RequestRepaint {
            viewport_id: info.viewport_id,
            when,
            cumulative_pass_nr: info.current_cumulative_pass_nr,
            settle,
        });
    }
}

/// Tells [`RepaintRequests`] when a pass begins after pointer moves only:
/// from the input hook, just before egui's `begin_pass`, to the start of
/// the pass.
struct MovePasses(Arc<RepaintRequests>);

impl egui::plugin::Plugin for MovePasses {
    fn debug_name(&self) -> &'static str {
        "PLT Games: passes after pointer moves"
    }

    fn input_hook(&mut self, _ctx: &egui::Context, input: &mut egui::RawInput) {
        let moves_only = !input.events.is_empty()
            && input.events.iter().all(|event| {
                matches!(
                    event,
                    egui::Event::PointerMoved(_) | egui::Event::MouseMoved(_)
                )
            })
            && input.hovered_files.is_empty()
            && input.dropped_files.is_empty();
        self.0.state.lock().moves_pass = moves_only.then_some(input.viewport_id);
    }

    fn on_begin_pass(&mut self, ui: &mut egui::Ui) {
        self.0.state.lock().moves_pass = None;
        // Each pass says again what it paints itself.
        let id = self_painted_id(ui.ctx().viewport_id());
        ui.ctx()
            .data_mut(|data| data.remove_temp::<Vec<egui::Rect>>(id));
    }
}

/// Where the areas a viewport's pass paints itself are kept.
fn self_painted_id(viewport_id: ViewportId) -> egui::Id {
    egui::Id::unique(("eframe::paints_itself", viewport_id))
}

/// Tells eframe that the current viewport's pass paints `area` itself:
/// everything drawn there is clipped to it, and whenever what is drawn
/// there changes, the application asks for a frame. A frame whose changes
/// all lie within such areas is not followed by egui's pass "to let things
/// settle" (see the module's documentation). Said again each pass.
pub fn paints_itself(ctx: &egui::Context, area: egui::Rect) {
    let id = self_painted_id(ctx.viewport_id());
    ctx.data_mut(|data| {
        data.get_temp_mut_or_default::<Vec<egui::Rect>>(id)
            .push(area);
    });
}

/// The areas `viewport_id`'s last pass paints itself
/// ([`paints_itself`]).
pub(crate) fn self_painted(ctx: &egui::Context, viewport_id: ViewportId) -> Vec<egui::Rect> {
    ctx.data(|data| data.get_temp::<Vec<egui::Rect>>(self_painted_id(viewport_id)))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A context whose requests go through [`RepaintRequests`] into a
    /// list: (pass number, settle) of each.
    fn context() -> (
        egui::Context,
        Arc<RepaintRequests>,
        Arc<Mutex<Vec<(u64, Instant, bool)>>>,
    ) {
        let ctx = egui::Context::default();
        let sent = Arc::new(Mutex::new(Vec::new()));
        let list = Arc::clone(&sent);
        let requests = RepaintRequests::sending(Box::new(move |event| {
            if let UserEvent::RequestRepaint {
                cumulative_pass_nr,
                when,
                settle,
                ..
            } = event
            {
                list.lock().push((cumulative_pass_nr, when, settle));
            }
        }));
        requests.install(&ctx);
        (ctx, requests, sent)
    }

    fn pass(ctx: &egui::Context, events: Vec<egui::Event>) {
        let input = egui::RawInput {
            events,
            ..Default::default()
        };
        let _ = ctx.run_ui(input, |ui| {
            ui.label("A label");
        });
    }

    /// The event loop takes every request sent so far.
    fn take_all(requests: &RepaintRequests, sent: &Mutex<Vec<(u64, Instant, bool)>>) -> Vec<bool> {
        let taken: Vec<_> = sent.lock().drain(..).collect();
        for (nr, when, _) in &taken {
            requests.taken(ViewportId::ROOT, *nr, *when);
        }
        taken.into_iter().map(|(_, _, settle)| settle).collect()
    }

    #[test]
    fn an_input_asks_one_pass_and_egui_a_settle_pass_told_apart() {
        let (ctx, requests, sent) = context();
        // The first passes, as egui starts.
        pass(&ctx, vec![]);
        pass(&ctx, vec![]);
        take_all(&requests, &sent);
        pass(&ctx, vec![]);
        assert_eq!(
            take_all(&requests, &sent),
            Vec::<bool>::new(),
            "a quiet pass asks nothing"
        );

        pass(&ctx, vec![key(egui::Key::A)]);
        assert_eq!(take_all(&requests, &sent), [false], "the input's pass");
        pass(&ctx, vec![]);
        assert_eq!(take_all(&requests, &sent), [true], "egui's settle pass");
        pass(&ctx, vec![]);
        assert_eq!(take_all(&requests, &sent), Vec::<bool>::new());
    }

    /// What a pass paints itself is what that pass said, for its viewport:
    /// a pass that says nothing paints nothing itself.
    #[test]
    fn the_areas_a_pass_paints_itself_are_those_it_said() {
        let (ctx, _requests, _sent) = context();
        let canvas = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(300.0, 200.0));
        let run = |say: bool| {
            let _ = ctx.run_ui(egui::RawInput::default(), |ui| {
                ui.label("A label");
                if say {
                    crate::paints_itself(ui.ctx(), canvas);
                }
            });
        };
        run(true);
        assert_eq!(self_painted(&ctx, ViewportId::ROOT), [canvas]);
        run(true);
        assert_eq!(
            self_painted(&ctx, ViewportId::ROOT),
            [canvas],
            "said again, not twice"
        );
        let other = ViewportId::from_hash_of("another window");
        assert!(self_painted(&ctx, other).is_empty());
        run(false);
        assert!(self_painted(&ctx, ViewportId::ROOT).is_empty());
    }

    fn key(key: egui::Key) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        }
    }

    /// Runs the passes egui asks for as it starts, until it asks no more.
    fn quiet(
        ctx: &egui::Context,
        requests: &RepaintRequests,
        sent: &Mutex<Vec<(u64, Instant, bool)>>,
    ) {
        for _ in 0..10 {
            pass(ctx, vec![]);
            if take_all(requests, sent).is_empty() {
                return;
            }
        }
        panic!("egui still asks for passes after 10 with no input");
    }

    fn moved(x: f32) -> egui::Event {
        egui::Event::PointerMoved(egui::pos2(x, 10.0))
    }

    #[test]
    fn the_pass_after_pointer_moves_is_marked_a_drag_too_and_a_click_or_key_is_not() {
        let (ctx, requests, sent) = context();
        quiet(&ctx, &requests, &sent);
        pass(&ctx, vec![moved(10.0), moved(12.0)]);
        assert_eq!(take_all(&requests, &sent), [true], "a hover's pass");

        let button = |pressed| egui::Event::PointerButton {
            pos: egui::pos2(12.0, 10.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        pass(&ctx, vec![button(true)]);
        assert_eq!(
            take_all(&requests, &sent),
            [true, false],
            "settle, the click's pass"
        );
        pass(&ctx, vec![moved(20.0)]);
        assert_eq!(
            take_all(&requests, &sent),
            [true, true],
            "settle, then a move with the button held: a drag's, marked as a hover's"
        );
        pass(&ctx, vec![button(false)]);
        pass(&ctx, vec![moved(30.0), key(egui::Key::B)]);
        assert_eq!(
            take_all(&requests, &sent),
            [true, false, true, false],
            "a move beside a key is not a hover"
        );
    }

    #[test]
    fn a_request_of_the_application_after_a_hover_is_sent_as_asked() {
        let (ctx, requests, sent) = context();
        quiet(&ctx, &requests, &sent);
        let input = egui::RawInput {
            events: vec![moved(10.0)],
            ..Default::default()
        };
        let _ = ctx.run_ui(input, |ui| {
            ui.label("A label");
            // The application shows its change next pass.
            ui.ctx().request_repaint();
        });
        assert_eq!(
            take_all(&requests, &sent),
            [true, false],
            "egui's marked, the application's not, though as early"
        );
    }

    #[test]
    fn a_request_after_a_settle_pass_left_out_is_still_sent() {
        let (ctx, requests, sent) = context();
        pass(&ctx, vec![key(egui::Key::A)]);
        pass(&ctx, vec![]);
        take_all(&requests, &sent);
        // The settle pass is not run. egui still has a repaint pending, and
        // calls its callback for no later request: the observer sends it.
        ctx.request_repaint();
        assert_eq!(take_all(&requests, &sent), [false]);
    }

    #[test]
    fn a_request_is_sent_once_while_one_as_early_waits_in_the_event_loop() {
        let (ctx, requests, sent) = context();
        pass(&ctx, vec![]);
        take_all(&requests, &sent);
        ctx.request_repaint();
        ctx.request_repaint();
        ctx.request_repaint_after(std::time::Duration::from_secs(1));
        assert_eq!(
            take_all(&requests, &sent),
            [false],
            "one, the others wait for it"
        );
        ctx.request_repaint();
        assert_eq!(take_all(&requests, &sent), [false], "taken: sent again");
    }
}
