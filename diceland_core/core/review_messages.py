"""The message catalogue of the review (namespace ``review``,
:mod:`diceland_core.core.review`): labels, reasons of its own (where a
game's hint gives none), the report's words and its summary, in English,
Spanish and Italian."""

from __future__ import annotations

from .errors import register_messages

register_messages("review", {
    "label_best": {"en": "best", "es": "la mejor", "it": "la migliore"},
    "label_inaccuracy": {"en": "inaccuracy", "es": "imprecisión", "it": "imprecisione"},
    "label_mistake": {"en": "mistake", "es": "error", "it": "errore"},
    "label_blunder": {"en": "blunder", "es": "error grave", "it": "errore grave"},
    "same": {"en": "The expert's choice too.", "es": "También es la elección del experto.",
             "it": "È anche la scelta dell'esperto."},
    "tie": {"en": "Not the expert's choice, but as good within the error of the rollouts.",
            "es": "No es la elección del experto, pero es igual de buena dentro del error de las simulaciones.",
            "it": "Non è la scelta dell'esperto, ma è buona uguale entro l'errore delle simulazioni."},
    "expert_better_points": {"en": "The expert's move scores more points on average.",
                             "es": "La jugada del experto da más puntos de media.",
                             "it": "La mossa dell'esperto fa più punti in media."},
    "expert_better_margin": {"en": "The expert's move ends further ahead of the others on average.",
                             "es": "La jugada del experto acaba con más ventaja sobre los demás de media.",
                             "it": "La mossa dell'esperto finisce più avanti degli altri in media."},
    "expert_better_win": {"en": "The expert's move wins more often.",
                          "es": "La jugada del experto gana más a menudo.",
                          "it": "La mossa dell'esperto vince più spesso."},
    "lost_points": {"en": "points lost {loss}", "es": "puntos perdidos {loss}", "it": "punti persi {loss}"},
    "lost_margin": {"en": "margin lost {loss} {loss:p:point|points}",
                    "es": "ventaja perdida {loss} {loss:p:punto|puntos}",
                    "it": "vantaggio perso {loss} {loss:p:punto|punti}"},
    "lost_win": {"en": "win chance lost {loss}%", "es": "probabilidad de ganar perdida {loss}%",
                 "it": "probabilità di vittoria persa {loss}%"},
    "area_later": {"en": "what it promises for later", "es": "lo que promete para después",
                   "it": "ciò che promette per dopo"},
    "area_lost": {"en": "{area} {loss}", "es": "{area} {loss}", "it": "{area} {loss}"},
    "worst": {"en": "decision {n} in turn {turn} ({label}, {loss})",
              "es": "decisión {n} en el turno {turn} ({label}, {loss})",
              "it": "decisione {n} nel turno {turn} ({label}, {loss})"},
    "counts": {"en": "{n} {n:p:decision|decisions}: {best} best, {inaccuracy} "
                     "{inaccuracy:p:inaccuracy|inaccuracies}, {mistake} {mistake:p:mistake|mistakes}, "
                     "{blunder} {blunder:p:blunder|blunders}.",
               "es": "{n} {n:p:decisión|decisiones}: {best} {best:p:la mejor|las mejores}, {inaccuracy} "
                     "{inaccuracy:p:imprecisión|imprecisiones}, {mistake} {mistake:p:error|errores}, "
                     "{blunder} {blunder:p:error grave|errores graves}.",
               "it": "{n} {n:p:decisione|decisioni}: {best} {best:p:la migliore|le migliori}, {inaccuracy} "
                     "{inaccuracy:p:imprecisione|imprecisioni}, {mistake} {mistake:p:errore|errori}, "
                     "{blunder} {blunder:p:errore grave|errori gravi}."},
    "turn": {"en": "turn {turn}", "es": "turno {turn}", "it": "turno {turn}"},
    "expert_plays": {"en": "expert: {move}", "es": "experto: {move}", "it": "esperto: {move}"},
    "loss": {"en": "{loss} ± {se} {unit}", "es": "{loss} ± {se} {unit}", "it": "{loss} ± {se} {unit}"},
    "unit_points": {"en": "points", "es": "puntos", "it": "punti"},
    "unit_margin": {"en": "points of margin", "es": "puntos de ventaja", "it": "punti di vantaggio"},
    "unit_win": {"en": "% win chance", "es": "% de probabilidad de ganar", "it": "% di probabilità di vittoria"},
    "title": {"en": "Review of {player}'s decisions ({game}, review seed {seed})",
              "es": "Revisión de las decisiones de {player} ({game}, semilla de la revisión {seed})",
              "it": "Revisione delle decisioni di {player} ({game}, seme della revisione {seed})"},
})
