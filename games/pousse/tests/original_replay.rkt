#lang racket
;; Replays records (one a line: N then moves like L1 T2) with the original
;; Pousse engine and prints the board and the outcome, as pousse.rkt's
;; do-next-action decides it (repetition first, then straights).
(require (file "/usr/share/racket/pkgs/games/pousse/board.rkt")
         (file "/usr/share/racket/pkgs/games/pousse/utils.rkt")
         (file "/usr/share/racket/pkgs/games/pousse/board-size.rkt"))
(for ([line (in-lines)])
  (define words (string-split line))
  (define n (string->number (car words)))
  (parameterize ([current-board-size n])
    (let loop ([ms (cdr words)] [b (new-board n)] [h (extend-history (new-board n) (new-history))] [p x] [k 0])
      (define (show result)
        (printf "~a|~a|" n result)
        (for ([j n])
          (for ([i n])
            (define v (board-cell b i j))
            (printf "~a" (cond [(eq? v none) "."] [(eq? v x) "X"] [else "O"]))))
        (printf "|~a\n" (string-join (take (cdr words) (min (length (cdr words)) (if (equal? result "playing") k (add1 k)))) " ")))
      (cond
        [(null? ms) (show "playing")]
        [else
         (define m (car ms))
         (define side (case (string-ref m 0) [(#\L) 'left] [(#\R) 'right] [(#\T) 'top] [(#\B) 'bottom]))
         (define i (sub1 (string->number (substring m 1))))
         (define nb (push b side i p))
         (define loser (and (find-board-in-history nb h) p))
         (define winner (find-winner nb))
         (cond
           [winner (set! b nb) (show (format "~a wins" (if (eq? winner x) "X" "O")))]
           [loser (set! b nb) (show (format "~a loses" (if (eq? loser x) "X" "O")))]
           [else (loop (cdr ms) nb (extend-history nb h) (other-player p) (add1 k))])]))))
