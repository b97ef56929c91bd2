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
//! only be followed by the same pass again. `EFRAME_SETTLE_PASSES=1` runs
//! them all, as egui asks.

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

        let moved = egui::Event::PointerMoved(egui::pos2(10.0, 10.0));
        pass(&ctx, vec![moved]);
        assert_eq!(take_all(&requests, &sent), [false], "the input's pass");
        pass(&ctx, vec![]);
        assert_eq!(take_all(&requests, &sent), [true], "egui's settle pass");
        pass(&ctx, vec![]);
        assert_eq!(take_all(&requests, &sent), Vec::<bool>::new());
    }

    #[test]
    fn a_request_after_a_settle_pass_left_out_is_still_sent() {
        let (ctx, requests, sent) = context();
        let moved = egui::Event::PointerMoved(egui::pos2(10.0, 10.0));
        pass(&ctx, vec![moved]);
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
