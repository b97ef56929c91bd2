#lang racket
;; Asks the original's Smart robot for its move, `runs` times, after each
;; record given one a line (size, then moves), and prints the moves it chose.
(require (file "/usr/share/racket/pkgs/games/pousse/robot.rkt")
         (file "/usr/share/racket/pkgs/games/pousse/board-size.rkt"))
(define runs (string->number (vector-ref (current-command-line-arguments) 0)))
(for ([line (in-lines)])
  (define words (string-split line))
  (define n (string->number (car words)))
  (define history
    (for/list ([m (cdr words)])
      (list (string->symbol (string (char-downcase (string-ref m 0))))
            (string->number (substring m 1)))))
  (parameterize ([current-board-size n])
    (define picks
      (remove-duplicates
       (for/list ([k runs])
         (define r (robot n history))
         (format "~a~a" (string-upcase (symbol->string (car r))) (cadr r)))))
    (printf "~a|~a|~a\n" n (string-join (cdr words) " ") (string-join (sort picks string<?) " "))))
