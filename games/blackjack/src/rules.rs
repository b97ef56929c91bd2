//! The rules of Blackjack after the original's `games/blackjack/blackjack.rkt`,
//! with no UI: card values, hand totals, the shoe of four decks, and one
//! round from the deal to the payouts.

use cards::Card;

/// The number of decks in the shoe.
pub const DECKS: usize = 4;

/// The shoe is reshuffled after a round that leaves fewer cards than this
/// (a quarter of the shoe: three quarters have been used).
pub const RESHUFFLE_BELOW: usize = DECKS * 52 / 4;

/// Every bet, in dollars (the original's "Each bet is $2.").
pub const BET: i64 = 2;

/// The bankroll a new player starts with, in dollars.
pub const START_MONEY: i64 = 100;

/// A card's lowest value: ace 1, two to ten their number, faces 10.
pub fn min_value(card: Card) -> u32 {
    u32::from(card.rank.value().min(10))
}

/// The best total of a hand: aces count 11 where that keeps the total at
/// 21 or under, otherwise 1.
pub fn best_total(hand: &[Card]) -> u32 {
    let base: u32 = hand.iter().map(|&c| min_value(c)).sum();
    let aces = hand.iter().filter(|c| c.rank.value() == 1).count() as u32;
    // The original tries all aces as 11 first, then one fewer each time.
    (0..=aces)
        .rev()
        .map(|eleven| base + 10 * eleven)
        .find(|&t| t <= 21)
        .unwrap_or(base)
}

/// Whether a hand is over 21.
pub fn is_bust(hand: &[Card]) -> bool {
    best_total(hand) > 21
}

/// A hand's result, shown on the button the original puts in the middle
/// of the table when the hand is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The player's first two cards make 21 and the dealer's do not:
    /// paid 3 to 2 ($5 back for $2).
    Blackjack,
    /// The dealer's first two cards make 21 and the player's do not.
    DealerBlackjack,
    /// Higher than the dealer, or the dealer busts: paid even money.
    Win,
    /// Lower than the dealer.
    Lose,
    /// As high as the dealer: the bet comes back.
    Push,
    /// Over 21: the bet is lost whatever the dealer does.
    Bust,
}

impl Verdict {
    /// The button's title, as the original's.
    pub fn title(self) -> &'static str {
        match self {
            Verdict::Blackjack => "Blackjack",
            Verdict::DealerBlackjack => "Dealer Blackjack",
            Verdict::Win => "You Win",
            Verdict::Lose => "You Lose",
            Verdict::Push => "Push",
            Verdict::Bust => "Bust",
        }
    }

    /// What the player gets back, stake included, for a hand whose bet was
    /// [`BET`], or twice that when `doubled`: the original's `finish`.
    ///
    /// ```
    /// use blackjack::rules::Verdict;
    /// assert_eq!(Verdict::Blackjack.payout(false), 5);
    /// assert_eq!(Verdict::Win.payout(true), 8);
    /// assert_eq!(Verdict::Push.payout(true), 4);
    /// assert_eq!(Verdict::Bust.payout(true), 0);
    /// ```
    pub fn payout(self, doubled: bool) -> i64 {
        let stake = if doubled { 2 * BET } else { BET };
        match self {
            Verdict::Blackjack => BET + BET * 3 / 2,
            Verdict::Win => 2 * stake,
            Verdict::Push => stake,
            Verdict::DealerBlackjack | Verdict::Lose | Verdict::Bust => 0,
        }
    }
}

/// One of the player's hands (two after a split).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerHand {
    /// The cards, in the order dealt.
    pub cards: Vec<Card>,
    /// Whether the bet on it was doubled.
    pub doubled: bool,
    /// Its result, once known.
    pub verdict: Option<Verdict>,
}

impl PlayerHand {
    fn of(cards: Vec<Card>) -> PlayerHand {
        PlayerHand {
            cards,
            doubled: false,
            verdict: None,
        }
    }

    /// The bet on the hand.
    pub fn stake(&self) -> i64 {
        if self.doubled { 2 * BET } else { BET }
    }

    /// Its best total.
    pub fn total(&self) -> u32 {
        best_total(&self.cards)
    }

    /// Whether it is over 21.
    pub fn is_bust(&self) -> bool {
        is_bust(&self.cards)
    }
}

/// What the player may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Take another card.
    Hit,
    /// Take no more cards on this hand.
    Stand,
    /// Double the bet, take one card and stand (an unsplit hand of two
    /// cards only).
    Double,
    /// Split two equal cards into two hands, a bet on each (the first two
    /// cards only; tens and faces are equal).
    Split,
    /// Go on after a hand's result (the button in the middle of the table):
    /// to the second hand after the first of a split busts, or to the next
    /// result once the round is settled.
    Continue,
}

impl Move {
    /// The letter the save writes for it.
    pub fn letter(self) -> char {
        match self {
            Move::Hit => 'H',
            Move::Stand => 'S',
            Move::Double => 'D',
            Move::Split => 'P',
            Move::Continue => 'C',
        }
    }

    /// The move of a save's letter.
    pub fn from_letter(c: char) -> Option<Move> {
        [
            Move::Hit,
            Move::Stand,
            Move::Double,
            Move::Split,
            Move::Continue,
        ]
        .into_iter()
        .find(|m| m.letter() == c)
    }

    /// Its name for status lines and refusals.
    pub fn name(self) -> &'static str {
        match self {
            Move::Hit => "Hit",
            Move::Stand => "Stand",
            Move::Double => "Double",
            Move::Split => "Split",
            Move::Continue => "Continue",
        }
    }
}

/// Where the round stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The player plays this hand.
    Playing(usize),
    /// The first hand of a split went bust; its "Bust" shows until the
    /// player goes on to the second.
    Busted(usize),
    /// The round is settled and paid; the results of the hands in `queue`
    /// show one after the other, `queue[shown]` now.
    Settled {
        /// The hands whose results show, in order.
        queue: Vec<usize>,
        /// The one showing.
        shown: usize,
    },
}

/// One round at the table: the shoe it is dealt from, the bankroll, the
/// dealer's and the player's hands. Everything follows from the shoe's
/// seed, where in the shoe the round starts, the money before its bet and
/// the player's moves, which is what a save keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The seed the shoe was shuffled with.
    pub seed: u64,
    /// How many cards of the shoe were dealt before this round.
    pub start: usize,
    /// The bankroll before this round's bet.
    pub money_before: i64,
    /// The bankroll now: bets taken, winnings paid.
    pub money: i64,
    /// The player's moves this round.
    pub moves: Vec<Move>,
    /// The dealer's cards, the face-up one first, then the hole card.
    pub dealer: Vec<Card>,
    /// Whether the dealer's hole card shows.
    pub revealed: bool,
    /// The player's hands: one, or two after a split.
    pub hands: Vec<PlayerHand>,
    /// Where the round stands.
    pub phase: Phase,
    /// Cards dealt this round.
    pub used: usize,
    shoe: Vec<Card>,
}

/// Why a move is refused, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The shoe shuffled by `seed`: four decks, the next card dealt first.
pub fn shoe(seed: u64) -> Vec<Card> {
    cards::deal::shuffled_shoe(DECKS, seed)
}

/// The largest place in the shoe a round may start at: past it, fewer than
/// [`RESHUFFLE_BELOW`] cards are left and the shoe is reshuffled.
pub const LAST_START: usize = DECKS * 52 - RESHUFFLE_BELOW;

impl Round {
    /// Deals a round from the shoe shuffled by `seed`, `start` cards into
    /// it, with `money` before the bet: two cards to the player, then two
    /// to the dealer (the second face down), as the original deals. A
    /// blackjack on either side settles the round at once.
    ///
    /// # Panics
    ///
    /// When `start` is past [`LAST_START`].
    pub fn deal(seed: u64, start: usize, money: i64) -> Round {
        Round::deal_from(shoe(seed), seed, start, money)
    }

    /// Deals a round as [`Round::deal`] does from `shoe`, a shoe in an
    /// order of the caller's (tests and pictures stack it); `seed` is only
    /// kept. The shoe must hold a round's worth of cards after `start`.
    ///
    /// # Panics
    ///
    /// When `start` is past [`LAST_START`] or the shoe runs out.
    pub fn deal_from(shoe: Vec<Card>, seed: u64, start: usize, money: i64) -> Round {
        assert!(
            start <= LAST_START,
            "a round starts at most {LAST_START} cards into the shoe"
        );
        let mut round = Round {
            seed,
            start,
            money_before: money,
            money: money - BET,
            moves: Vec::new(),
            dealer: Vec::new(),
            revealed: false,
            hands: Vec::new(),
            phase: Phase::Playing(0),
            used: 0,
            shoe,
        };
        let player = vec![round.draw(), round.draw()];
        round.dealer = vec![round.draw(), round.draw()];
        round.hands.push(PlayerHand::of(player));
        let (p, d) = (round.hands[0].total(), best_total(&round.dealer));
        if p == 21 || d == 21 {
            round.revealed = true;
            let verdict = match (p == 21, d == 21) {
                (true, true) => Verdict::Push,
                (true, false) => Verdict::Blackjack,
                _ => Verdict::DealerBlackjack,
            };
            round.hands[0].verdict = Some(verdict);
            round.money += verdict.payout(false);
            round.phase = Phase::Settled {
                queue: vec![0],
                shown: 0,
            };
        }
        round
    }

    /// The round a save describes: dealt, then `moves` played.
    pub fn replay(seed: u64, start: usize, money: i64, moves: &[Move]) -> Result<Round, Refusal> {
        if start > LAST_START {
            return Err(Refusal(format!(
                "a round starts at most {LAST_START} cards into the shoe, not {start}"
            )));
        }
        let mut round = Round::deal(seed, start, money);
        for &m in moves {
            round.play(m)?;
        }
        Ok(round)
    }

    /// The next round: from the same shoe where this one stopped, or, when
    /// fewer than [`RESHUFFLE_BELOW`] cards are left, from the whole shoe
    /// shuffled again by `fresh_seed`. The bankroll carries over.
    pub fn next(&self, fresh_seed: u64) -> Round {
        match self.start + self.used {
            pos if pos <= LAST_START => Round::deal(self.seed, pos, self.money),
            _ => Round::deal(fresh_seed, 0, self.money),
        }
    }

    fn draw(&mut self) -> Card {
        // A round never runs out: it starts with at least 52 cards left
        // and cannot use that many (a hand of 12 cards is over 21).
        let card = self.shoe[self.start + self.used];
        self.used += 1;
        card
    }

    /// The cards still in the shoe, the next dealt first.
    pub fn shoe_left(&self) -> &[Card] {
        &self.shoe[self.start + self.used..]
    }

    /// The cards of earlier rounds since the shoe was shuffled, the first
    /// dealt first.
    pub fn discards(&self) -> &[Card] {
        &self.shoe[..self.start]
    }

    /// The dealer's best total (both cards, hidden or not).
    pub fn dealer_total(&self) -> u32 {
        best_total(&self.dealer)
    }

    /// Whether the round is settled (every bet paid or lost).
    pub fn is_settled(&self) -> bool {
        matches!(self.phase, Phase::Settled { .. })
    }

    /// What the round won or lost once settled: the money back minus the
    /// bets; `None` while it goes on.
    pub fn net(&self) -> Option<i64> {
        self.is_settled().then(|| self.money - self.money_before)
    }

    /// The hand being played, if the player is to play.
    pub fn active(&self) -> Option<usize> {
        match self.phase {
            Phase::Playing(h) => Some(h),
            _ => None,
        }
    }

    /// The result showing on the middle button now, and its hand: a
    /// split's busted first hand, or a settled hand's result.
    pub fn showing(&self) -> Option<(usize, Verdict)> {
        match &self.phase {
            Phase::Playing(_) => None,
            Phase::Busted(h) => Some((*h, Verdict::Bust)),
            Phase::Settled { queue, shown } => {
                let h = *queue.get(*shown)?;
                Some((h, self.hands[h].verdict?))
            }
        }
    }

    /// Whether a settled round has another result to show after this one.
    pub fn more_to_show(&self) -> bool {
        matches!(&self.phase, Phase::Settled { queue, shown } if shown + 1 < queue.len())
    }

    /// Whether `m` may be made now, or why not.
    pub fn check(&self, m: Move) -> Result<(), Refusal> {
        let no = |why: &str| Err(Refusal(why.to_string()));
        match (&self.phase, m) {
            (Phase::Playing(_), Move::Hit | Move::Stand) => Ok(()),
            (Phase::Playing(h), Move::Double) => {
                if self.hands.len() > 1 {
                    no("a split hand cannot be doubled")
                } else if self.hands[*h].cards.len() != 2 {
                    no("only a hand of its first two cards can be doubled")
                } else {
                    Ok(())
                }
            }
            (Phase::Playing(h), Move::Split) => {
                let cards = &self.hands[*h].cards;
                if self.hands.len() > 1 {
                    no("a split hand cannot be split again")
                } else if cards.len() != 2 {
                    no("only the first two cards can be split")
                } else if min_value(cards[0]) != min_value(cards[1]) {
                    no("only two equal cards can be split")
                } else {
                    Ok(())
                }
            }
            (Phase::Playing(_), Move::Continue) => no("the hand is still being played"),
            (Phase::Busted(_), Move::Continue) => Ok(()),
            (Phase::Busted(_), _) => no("that hand is bust; go on to the next"),
            (Phase::Settled { .. }, Move::Continue) if self.more_to_show() => Ok(()),
            (Phase::Settled { .. }, _) => no("the round is over; deal the next"),
        }
    }

    /// Makes `m`, or says why it may not be made (and changes nothing).
    pub fn play(&mut self, m: Move) -> Result<(), Refusal> {
        self.check(m)?;
        self.moves.push(m);
        match (self.phase.clone(), m) {
            (Phase::Playing(h), Move::Hit) => {
                let card = self.draw();
                self.hands[h].cards.push(card);
                if self.hands[h].is_bust() {
                    if h == 0 && self.hands.len() == 2 {
                        self.hands[0].verdict = Some(Verdict::Bust);
                        self.phase = Phase::Busted(0);
                    } else {
                        self.end_turn(Some(h));
                    }
                }
            }
            (Phase::Playing(h), Move::Stand) => self.stand(h),
            (Phase::Playing(h), Move::Double) => {
                self.money -= BET;
                self.hands[h].doubled = true;
                let card = self.draw();
                self.hands[h].cards.push(card);
                let bust = self.hands[h].is_bust().then_some(h);
                self.end_turn(bust);
            }
            (Phase::Playing(h), Move::Split) => {
                self.money -= BET;
                let second = self.hands[h].cards.pop().expect("two cards");
                self.hands.push(PlayerHand::of(vec![second]));
                let (a, b) = (self.draw(), self.draw());
                self.hands[0].cards.push(a);
                self.hands[1].cards.push(b);
                if second.rank.value() == 1 {
                    // Split aces take one card each and no more.
                    self.end_turn(None);
                }
            }
            (Phase::Busted(_), Move::Continue) => self.phase = Phase::Playing(1),
            (Phase::Settled { queue, shown }, Move::Continue) => {
                self.phase = Phase::Settled {
                    queue,
                    shown: shown + 1,
                }
            }
            _ => unreachable!("checked"),
        }
        Ok(())
    }

    fn stand(&mut self, h: usize) {
        if h + 1 < self.hands.len() {
            self.phase = Phase::Playing(h + 1);
        } else {
            self.end_turn(None);
        }
    }

    /// The player's turn is over (`bust`: the hand whose bust ended it):
    /// unless every hand is bust, the dealer shows the hole card and
    /// draws to 17 or more (standing on a soft 17); then each hand is
    /// settled and paid.
    fn end_turn(&mut self, bust: Option<usize>) {
        let mut queue: Vec<usize> = bust.into_iter().collect();
        for hand in &mut self.hands {
            if hand.is_bust() {
                hand.verdict = Some(Verdict::Bust);
            }
        }
        if self.hands.iter().any(|h| !h.is_bust()) {
            self.revealed = true;
            while self.dealer_total() < 17 {
                let card = self.draw();
                self.dealer.push(card);
            }
            let d = self.dealer_total();
            for (i, hand) in self.hands.iter_mut().enumerate() {
                if hand.is_bust() {
                    continue;
                }
                let p = hand.total();
                hand.verdict = Some(if d > 21 || p > d {
                    Verdict::Win
                } else if d > p {
                    Verdict::Lose
                } else {
                    Verdict::Push
                });
                queue.push(i);
            }
        }
        self.money += self
            .hands
            .iter()
            .map(|h| h.verdict.map_or(0, |v| v.payout(h.doubled)))
            .sum::<i64>();
        self.phase = Phase::Settled { queue, shown: 0 };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::card::read_cards;

    /// A round dealt from a shoe whose first cards are `top` (player,
    /// player, dealer, dealer, then every card drawn in turn), the rest of
    /// a shoe after them; $100 before the bet.
    fn stacked(top: &str) -> Round {
        let mut cards = read_cards(top).unwrap();
        cards.extend(shoe(1));
        Round::deal_from(cards, 1, 0, START_MONEY)
    }

    fn cards(text: &str) -> Vec<Card> {
        read_cards(text).unwrap()
    }

    fn played(top: &str, moves: &[Move]) -> Round {
        let mut r = stacked(top);
        for &m in moves {
            r.play(m).unwrap();
        }
        r
    }

    fn verdicts(r: &Round) -> Vec<Verdict> {
        r.hands.iter().map(|h| h.verdict.unwrap()).collect()
    }

    #[test]
    fn totals_count_aces_as_eleven_when_they_can() {
        assert_eq!(best_total(&cards("AS 6H")), 17);
        assert_eq!(best_total(&cards("AS 6H TC")), 17);
        assert_eq!(best_total(&cards("AS AH")), 12);
        assert_eq!(best_total(&cards("AS AH 9D")), 21);
        assert_eq!(best_total(&cards("KS QH AD")), 21);
        assert_eq!(best_total(&cards("JS QH")), 20);
        assert_eq!(best_total(&cards("KS QH 2D")), 22);
        assert!(is_bust(&cards("KS QH 2D")));
        assert_eq!(min_value("KD".parse().unwrap()), 10);
        assert_eq!(min_value("AD".parse().unwrap()), 1);
    }

    #[test]
    fn the_shoe_is_four_decks_reshuffled_after_three_quarters() {
        assert_eq!(shoe(9).len(), 208);
        assert_eq!(RESHUFFLE_BELOW, 52);
        // Rounds follow each other through one shoe until fewer than 52
        // cards are left; then the next round is dealt from a new shuffle.
        let mut r = Round::deal(9, 0, START_MONEY);
        let mut starts = vec![0];
        loop {
            while !r.is_settled() {
                r.play(Move::Stand).unwrap();
            }
            if r.start + r.used > LAST_START {
                break;
            }
            let next = r.next(77);
            assert_eq!(next.seed, 9);
            assert_eq!(next.start, r.start + r.used);
            assert_eq!(next.discards(), &shoe(9)[..next.start]);
            starts.push(next.start);
            r = next;
        }
        assert!(shoe(9).len() - (r.start + r.used) < 52);
        let fresh = r.next(77);
        assert_eq!((fresh.seed, fresh.start), (77, 0));
        assert_eq!(fresh.money_before, r.money);
        assert!(starts.len() > 20, "{starts:?}");
    }

    #[test]
    fn a_blackjack_pays_three_to_two() {
        let r = stacked("AS KH 9C 7D");
        assert_eq!(verdicts(&r), [Verdict::Blackjack]);
        assert_eq!(r.money, 103);
        assert_eq!(r.net(), Some(3));
        assert!(r.revealed);
        assert_eq!(
            r.check(Move::Hit),
            Err(Refusal("the round is over; deal the next".into()))
        );
    }

    #[test]
    fn a_dealer_blackjack_takes_the_bet_at_once() {
        let r = stacked("TS 9H AC QD");
        assert_eq!(verdicts(&r), [Verdict::DealerBlackjack]);
        assert_eq!(r.money, 98);
        assert!(r.revealed);
        assert!(r.check(Move::Stand).is_err());
    }

    #[test]
    fn two_blackjacks_push() {
        let r = stacked("AS JH AC KD");
        assert_eq!(verdicts(&r), [Verdict::Push]);
        assert_eq!(r.money, 100);
        assert_eq!(r.net(), Some(0));
    }

    #[test]
    fn a_win_pays_even_money_a_loss_takes_the_bet_a_push_returns_it() {
        let win = played("TS 9H TC 7D", &[Move::Stand]);
        assert_eq!((verdicts(&win), win.money), (vec![Verdict::Win], 102));
        let lose = played("TS 6H TC 8D", &[Move::Stand]);
        assert_eq!((verdicts(&lose), lose.money), (vec![Verdict::Lose], 98));
        let push = played("TS 8H TC 8D", &[Move::Stand]);
        assert_eq!((verdicts(&push), push.money), (vec![Verdict::Push], 100));
        // The dealer draws to 17: 10 + 6 takes a 9 and busts.
        let dealer_bust = played("TS 2H TC 6D 9S", &[Move::Stand]);
        assert_eq!(dealer_bust.dealer.len(), 3);
        assert_eq!(verdicts(&dealer_bust), [Verdict::Win]);
        assert_eq!(dealer_bust.money, 102);
    }

    #[test]
    fn the_dealer_stands_on_a_soft_17_and_hits_16() {
        let soft = played("TS 8H AC 6D 5S", &[Move::Stand]);
        assert_eq!(soft.dealer, cards("AC 6D"));
        assert_eq!(verdicts(&soft), [Verdict::Win]);
        let sixteen = played("TS 8H TC 6D AS", &[Move::Stand]);
        assert_eq!(sixteen.dealer, cards("TC 6D AS"));
        assert_eq!(sixteen.dealer_total(), 17);
        assert_eq!(verdicts(&sixteen), [Verdict::Win]);
        // A soft 16 hits too: A + 5, then a 2 makes a soft 18.
        let soft16 = played("TS 8H AC 5D 2S", &[Move::Stand]);
        assert_eq!(soft16.dealer_total(), 18);
    }

    #[test]
    fn a_bust_loses_and_the_hole_card_stays_hidden() {
        let r = played("TS 6H TC 6D KS", &[Move::Hit]);
        assert_eq!(verdicts(&r), [Verdict::Bust]);
        assert_eq!(r.money, 98);
        assert!(!r.revealed);
        assert_eq!(r.dealer.len(), 2, "the dealer draws nothing");
        assert_eq!(r.showing(), Some((0, Verdict::Bust)));
    }

    #[test]
    fn there_is_no_limit_on_the_cards_under_21() {
        let r = played("2S 2H TC 7D AS AH AC AD 2C 2D 3S 3H", &[Move::Hit; 8]);
        assert_eq!(r.hands[0].cards.len(), 10);
        assert_eq!(r.hands[0].total(), 18);
        assert_eq!(r.active(), Some(0));
    }

    #[test]
    fn a_double_doubles_the_bet_takes_one_card_and_stands() {
        let win = played("5S 6H TC 7D TS", &[Move::Double]);
        assert_eq!(win.hands[0].cards.len(), 3);
        assert!(win.hands[0].doubled);
        assert_eq!((verdicts(&win), win.money), (vec![Verdict::Win], 104));
        let lose = played("5S 6H TC 8D 2S", &[Move::Double]);
        assert_eq!((verdicts(&lose), lose.money), (vec![Verdict::Lose], 96));
        let push = played("5S 6H TC 8D 7S", &[Move::Double]);
        assert_eq!((verdicts(&push), push.money), (vec![Verdict::Push], 100));
        let bust = played("TS 6H TC 8D 7S", &[Move::Double]);
        assert_eq!((verdicts(&bust), bust.money), (vec![Verdict::Bust], 96));
        assert!(!bust.revealed);
    }

    #[test]
    fn only_an_unsplit_hand_of_two_cards_doubles() {
        let hit = played("2S 3H TC 8D 2C", &[Move::Hit]);
        assert!(hit.check(Move::Double).is_err());
        let split = played("8S 8H TC 8D 2C 3C", &[Move::Split]);
        assert_eq!(
            split.check(Move::Double),
            Err(Refusal("a split hand cannot be doubled".into()))
        );
    }

    #[test]
    fn only_two_equal_first_cards_split_and_tens_and_faces_are_equal() {
        assert!(stacked("TS KH 9C 8D").check(Move::Split).is_ok());
        assert!(stacked("JS QH 9C 8D").check(Move::Split).is_ok());
        assert!(stacked("8S 8H 9C 8D").check(Move::Split).is_ok());
        assert_eq!(
            stacked("TS 9H 9C 8D").check(Move::Split),
            Err(Refusal("only two equal cards can be split".into()))
        );
        let hit = played("2S 2H 9C 8D 3C", &[Move::Hit]);
        assert!(hit.check(Move::Split).is_err());
        let split = played("8S 8H 9C 8D 8C 3C", &[Move::Split]);
        assert_eq!(split.hands[0].cards, cards("8S 8C"));
        assert_eq!(
            split.check(Move::Split),
            Err(Refusal("a split hand cannot be split again".into()))
        );
    }

    #[test]
    fn split_hands_are_bet_played_and_paid_one_after_the_other() {
        // 8 8 split: 8+3 hits a 10 (21), stands; 8+9 stands (17). Dealer
        // 10 + 8 = 18: the first wins, the second loses.
        let mut r = played("8S 8H TC 8D 3C 9C", &[Move::Split]);
        assert_eq!(r.money, 96);
        assert_eq!(r.active(), Some(0));
        r.play(Move::Hit).unwrap(); // the next card: shoe(1)'s first
        let first = r.hands[0].clone();
        r.play(Move::Stand).unwrap();
        assert_eq!(r.active(), Some(1));
        r.play(Move::Stand).unwrap();
        assert!(r.is_settled());
        let expect_first = if first.is_bust() {
            Verdict::Bust
        } else if first.total() > 18 {
            Verdict::Win
        } else if first.total() == 18 {
            Verdict::Push
        } else {
            Verdict::Lose
        };
        assert_eq!(verdicts(&r), [expect_first, Verdict::Lose]);
        assert_eq!(r.money, 96 + expect_first.payout(false));
    }

    #[test]
    fn a_split_hand_of_21_is_no_blackjack() {
        // Split tens; each takes an ace: 21, but paid even money, and a
        // dealer's three-card 21 pushes it.
        let r = played(
            "TS KH 9C 7D AC AD",
            &[Move::Split, Move::Stand, Move::Stand],
        );
        assert_eq!(verdicts(&r), [Verdict::Win, Verdict::Win]);
        assert_eq!(r.money, 96 + 4 + 4);
        let r = played(
            "TS KH 9C 2D AC AD TH",
            &[Move::Split, Move::Stand, Move::Stand],
        );
        assert_eq!(r.dealer_total(), 21);
        assert_eq!(verdicts(&r), [Verdict::Push, Verdict::Push]);
        assert_eq!(r.money, 100);
    }

    #[test]
    fn split_aces_take_one_card_each_and_no_more() {
        let r = played("AS AH 9C 8D KC 5D", &[Move::Split]);
        assert!(r.is_settled());
        assert_eq!(r.hands[0].cards, cards("AS KC"));
        assert_eq!(r.hands[1].cards, cards("AH 5D"));
        // 21 (no blackjack) wins even money; soft 16 loses to 17.
        assert_eq!(verdicts(&r), [Verdict::Win, Verdict::Lose]);
        assert_eq!(r.money, 96 + 4);
        assert!(r.revealed);
    }

    #[test]
    fn a_busted_first_split_hand_waits_then_the_second_plays() {
        let mut r = played("8S 8H TC 8D 5C 9C KS", &[Move::Split, Move::Hit]);
        // 8 + 5 = 13, + K = 23: bust; its Bust shows.
        assert_eq!(r.phase, Phase::Busted(0));
        assert_eq!(r.showing(), Some((0, Verdict::Bust)));
        assert!(r.check(Move::Hit).is_err());
        r.play(Move::Continue).unwrap();
        assert_eq!(r.active(), Some(1));
        r.play(Move::Stand).unwrap();
        // The second hand (17) loses to 18; only its result is queued.
        assert_eq!(verdicts(&r), [Verdict::Bust, Verdict::Lose]);
        assert_eq!(
            r.phase,
            Phase::Settled {
                queue: vec![1],
                shown: 0
            }
        );
        assert_eq!(r.money, 96);
        assert!(r.revealed);
    }

    #[test]
    fn when_both_split_hands_bust_the_hole_card_stays_hidden() {
        let r = played(
            "8S 8H TC 8D 5C 6C KS KD",
            &[Move::Split, Move::Hit, Move::Continue, Move::Hit],
        );
        assert_eq!(verdicts(&r), [Verdict::Bust, Verdict::Bust]);
        assert!(!r.revealed);
        assert_eq!(r.dealer.len(), 2);
        assert_eq!(r.money, 96);
        assert!(!r.more_to_show());
    }

    #[test]
    fn a_second_hand_bust_shows_before_the_first_hands_result() {
        let mut r = played(
            "8S 8H TC 8D 3C 6C KS",
            &[Move::Split, Move::Stand, Move::Hit],
        );
        // Hand 2: 8 + 6 + K = 24. Hand 1: 8 + 3 = 11 against 18.
        assert_eq!(
            r.phase,
            Phase::Settled {
                queue: vec![1, 0],
                shown: 0
            }
        );
        assert_eq!(r.showing(), Some((1, Verdict::Bust)));
        assert!(r.more_to_show());
        r.play(Move::Continue).unwrap();
        assert_eq!(r.showing(), Some((0, Verdict::Lose)));
        assert!(!r.more_to_show());
        assert!(r.check(Move::Continue).is_err());
        assert_eq!(r.money, 96);
    }

    #[test]
    fn there_is_no_surrender_and_no_insurance() {
        // The dealer's ace up: the player may only hit, stand, double (or
        // split a pair); nothing else is offered or taken.
        let r = stacked("TS 6H AC 6D");
        let allowed: Vec<Move> = [
            Move::Hit,
            Move::Stand,
            Move::Double,
            Move::Split,
            Move::Continue,
        ]
        .into_iter()
        .filter(|&m| r.check(m).is_ok())
        .collect();
        assert_eq!(allowed, [Move::Hit, Move::Stand, Move::Double]);
        assert_eq!(r.money, 98);
    }

    #[test]
    fn a_replay_of_the_moves_rebuilds_the_round() {
        let r = played(
            "8S 8H TC 8D 3C 6C KS",
            &[Move::Split, Move::Stand, Move::Hit],
        );
        let mut again = stacked("8S 8H TC 8D 3C 6C KS");
        for &m in &r.moves {
            again.play(m).unwrap();
        }
        assert_eq!(again, r);
        let seeded = Round::replay(5, 10, 50, &[]).unwrap();
        assert_eq!(seeded, Round::deal(5, 10, 50));
        assert!(Round::replay(5, LAST_START + 1, 50, &[]).is_err());
    }
}
