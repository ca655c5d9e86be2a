"""The message catalogue of Ganz schön clever (namespace ``clever``): every
illegal action's text, the hints' reasons and the solo ratings (C11.4, R10),
in English, Spanish and Italian.  Player numbers in texts are 1-based."""

from __future__ import annotations

from ...core.errors import register_messages

__all__ = ["MESSAGES", "TERMS", "RATINGS", "rating_code"]

MESSAGES: dict[str, dict[str, str]] = {
    # -- illegal actions --------------------------------------------------------
    "game_over": {
        "en": "The game is over.",
        "es": "La partida ha terminado.",
        "it": "La partita è finita.",
    },
    "unknown_action": {
        "en": "That is not an action of this game.",
        "es": "Esa no es una acción de este juego.",
        "it": "Questa non è un'azione di questo gioco.",
    },
    "bonus_pending": {
        "en": "Player {player} must first choose where to put the {area} bonus cross.",
        "es": "El jugador {player} debe elegir primero dónde poner la cruz de bonificación {area}.",
        "it": "Il giocatore {player} deve prima scegliere dove mettere la croce bonus {area}.",
    },
    "round_bonus_outstanding": {
        "en": "Round 4 starts with everyone's bonus choice: still to choose: player {players}.",
        "es": "La ronda 4 empieza con la bonificación de cada jugador; faltan: jugador {players}.",
        "it": "Il turno 4 inizia con il bonus di ciascuno; mancano: giocatore {players}.",
    },
    "round_bonus_not_now": {
        "en": "The round bonus can only be chosen once, at the start of round 4.",
        "es": "La bonificación de ronda solo se elige una vez, al empezar la ronda 4.",
        "it": "Il bonus del turno si sceglie una sola volta, all'inizio del turno 4.",
    },
    "area_full": {
        "en": "The {area} area is full.",
        "es": "El área {area} está completa.",
        "it": "L'area {area} è piena.",
    },
    "field_not_free": {
        "en": "That {area} field is already crossed.",
        "es": "Esa casilla {area} ya está tachada.",
        "it": "Quella casella {area} è già barrata.",
    },
    "not_active": {
        "en": "Only the active player picks dice from the roll.",
        "es": "Solo el jugador activo elige dados de la tirada.",
        "it": "Solo il giocatore attivo sceglie i dadi dal lancio.",
    },
    "rolling_over": {
        "en": "Rolling has ended for this turn.",
        "es": "En este turno ya no se tira más.",
        "it": "In questo turno non si lancia più.",
    },
    "die_not_in_roll": {
        "en": "The {die} die is not in the current roll.",
        "es": "El dado {die} no está en la tirada actual.",
        "it": "Il dado {die} non è nel lancio attuale.",
    },
    "must_enter": {
        "en": "A die of this roll can be entered, so the picked die must be entered.",
        "es": "Un dado de esta tirada se puede anotar, así que el dado elegido debe anotarse.",
        "it": "Un dado di questo lancio si può segnare, quindi il dado scelto va segnato.",
    },
    "no_reroll_now": {
        "en": "A reroll is only for the active player, right after a roll.",
        "es": "Relanzar solo lo puede el jugador activo, justo después de una tirada.",
        "it": "Rilanciare può solo il giocatore attivo, subito dopo un lancio.",
    },
    "no_rerolls": {
        "en": "You have no reroll action left.",
        "es": "No te quedan acciones de relanzar.",
        "it": "Non ti restano azioni di rilancio.",
    },
    "no_extras": {
        "en": "You have no +1 action left.",
        "es": "No te quedan acciones de dado adicional.",
        "it": "Non ti restano azioni +1.",
    },
    "not_passive": {
        "en": "Player {player} is not a passive player this turn.",
        "es": "El jugador {player} no es jugador pasivo en este turno.",
        "it": "Il giocatore {player} non è un giocatore passivo in questo turno.",
    },
    "rolling_not_over": {
        "en": "The active player is still rolling.",
        "es": "El jugador activo todavía está tirando.",
        "it": "Il giocatore attivo sta ancora lanciando.",
    },
    "already_took": {
        "en": "Player {player} has already taken a die or passed this turn.",
        "es": "El jugador {player} ya ha elegido un dado o pasado en este turno.",
        "it": "Il giocatore {player} ha già preso un dado o passato in questo turno.",
    },
    "solo_platter_only": {
        "en": "In the solo game the passive turn uses only the three dice on the silver platter.",
        "es": "En solitario el turno pasivo solo usa los tres dados de la bandeja plateada.",
        "it": "Nel solitario il turno passivo usa solo i tre dadi del vassoio d'argento.",
    },
    "platter_die_usable": {
        "en": "A die on the silver platter can be entered, so the {die} die of the active player may not be taken.",
        "es": "Un dado de la bandeja plateada se puede anotar, así que no se puede tomar el dado {die} del jugador activo.",
        "it": "Un dado del vassoio d'argento si può segnare, quindi non si può prendere il dado {die} del giocatore attivo.",
    },
    "must_take": {
        "en": "A die on the silver platter can be entered: you must take one.",
        "es": "Un dado de la bandeja plateada se puede anotar: debes tomar uno.",
        "it": "Un dado del vassoio d'argento si può segnare: devi prenderne uno.",
    },
    "extra_too_early": {
        "en": "A +1 action comes only after your own part of the turn.",
        "es": "Un dado adicional solo se usa al terminar tu parte del turno.",
        "it": "Un'azione +1 si usa solo dopo la tua parte del turno.",
    },
    "extra_die_used": {
        "en": "The {die} die was already chosen by a +1 action this turn.",
        "es": "El dado {die} ya se eligió como dado adicional en este turno.",
        "it": "Il dado {die} è già stato scelto con un'azione +1 in questo turno.",
    },
    "no_bonus_pending": {
        "en": "You have no bonus cross to place now.",
        "es": "No tienes ninguna cruz de bonificación que poner ahora.",
        "it": "Non hai nessuna croce bonus da mettere ora.",
    },
    "bonus_wrong_area": {
        "en": "The bonus cross goes in the {area} area.",
        "es": "La cruz de bonificación va en el área {area}.",
        "it": "La croce bonus va nell'area {area}.",
    },
    "turn_not_over": {
        "en": "The turn cannot end yet: rolling and every passive player's take must be done.",
        "es": "El turno aún no puede terminar: faltan tiradas o dados de jugadores pasivos.",
        "it": "Il turno non può ancora finire: mancano lanci o dadi dei giocatori passivi.",
    },
    "wrong_area": {
        "en": "The {die} die goes in the {die} area, not in {area}.",
        "es": "El dado {die} va en el área {die}, no en {area}.",
        "it": "Il dado {die} va nell'area {die}, non in {area}.",
    },
    "yellow_taken": {
        "en": "The yellow field in row {row}, column {column} is already crossed.",
        "es": "La casilla amarilla de la fila {row}, columna {column} ya está tachada.",
        "it": "La casella gialla in riga {row}, colonna {column} è già barrata.",
    },
    "yellow_value": {
        "en": "The yellow field in row {row}, column {column} shows {shown}, not {value}.",
        "es": "La casilla amarilla de la fila {row}, columna {column} muestra {shown}, no {value}.",
        "it": "La casella gialla in riga {row}, colonna {column} mostra {shown}, non {value}.",
    },
    "blue_sum": {
        "en": "Blue plus white is {value}, so the blue field is {value}, not {field}.",
        "es": "Azul más blanco suma {value}: la casilla azul es {value}, no {field}.",
        "it": "Blu più bianco fa {value}: la casella blu è {value}, non {field}.",
    },
    "blue_taken": {
        "en": "The blue field {value} is already crossed.",
        "es": "La casilla azul {value} ya está tachada.",
        "it": "La casella blu {value} è già barrata.",
    },
    "green_low": {
        "en": "The next green field needs at least {need}; {value} is too low.",
        "es": "La siguiente casilla verde necesita al menos {need}; {value} es poco.",
        "it": "La prossima casella verde richiede almeno {need}; {value} è troppo poco.",
    },
    "purple_low": {
        "en": "Purple needs a number higher than {last} next; {value} is not.",
        "es": "En lila el siguiente número debe ser mayor que {last}; {value} no lo es.",
        "it": "Nel viola il prossimo numero deve superare {last}; {value} no.",
    },
    "nothing_to_undo": {
        "en": "There is nothing to undo.",
        "es": "No hay nada que deshacer.",
        "it": "Non c'è niente da annullare.",
    },
    "undo_past_roll": {
        "en": "The dice were rolled since then: that cannot be undone.",
        "es": "Desde entonces se han tirado los dados: no se puede deshacer.",
        "it": "Da allora sono stati lanciati i dadi: non si può annullare.",
    },
    # -- hints: why the expert suggests an action --------------------------------
    "hint_points": {
        "en": "+{points} {points:p:point|points} now.",
        "es": "+{points} {points:p:punto|puntos} ahora.",
        "it": "+{points} {points:p:punto|punti} ora.",
    },
    "hint_points_bonus": {
        "en": "+{points} {points:p:point|points} now, and it earns {bonus}.",
        "es": "+{points} {points:p:punto|puntos} ahora, y consigue {bonus}.",
        "it": "+{points} {points:p:punto|punti} ora, e ottiene {bonus}.",
    },
    "hint_build": {
        "en": "No points yet, but it builds up {area} for points later.",
        "es": "Aún no da puntos, pero prepara {area} para puntos futuros.",
        "it": "Ancora nessun punto, ma prepara {area} per punti futuri.",
    },
    "hint_build_bonus": {
        "en": "Builds up {area} and earns {bonus}.",
        "es": "Prepara {area} y consigue {bonus}.",
        "it": "Prepara {area} e ottiene {bonus}.",
    },
    "hint_reroll": {
        "en": "This roll is poor: rerolling is worth more than any die in it.",
        "es": "Esta tirada es mala: relanzar vale más que cualquiera de sus dados.",
        "it": "Questo lancio è scarso: rilanciare vale più di qualsiasi suo dado.",
    },
    "hint_pass": {
        "en": "No die can be entered: pass.",
        "es": "Ningún dado se puede anotar: pasa.",
        "it": "Nessun dado si può segnare: passa.",
    },
    "hint_nothing": {
        "en": "No die can be entered: this pick only takes a dice field.",
        "es": "Ningún dado se puede anotar: esta elección solo ocupa una casilla de dado.",
        "it": "Nessun dado si può segnare: questa scelta occupa solo una casella dado.",
    },
    "hint_end_turn": {
        "en": "Nothing more worth doing this turn: end it.",
        "es": "No queda nada que valga la pena en este turno: termínalo.",
        "it": "Non c'è altro di utile in questo turno: terminalo.",
    },
    "hint_bonus_field": {
        "en": "The best field for this bonus cross: it brings the most points and bonuses.",
        "es": "La mejor casilla para esta cruz: da más puntos y bonificaciones.",
        "it": "La casella migliore per questa croce: porta più punti e bonus.",
    },
    # -- solo ratings (C11.4, R10) ----------------------------------------------
    "rating_9": {"en": "You're so clever!", "es": "¡Eres muy listo!", "it": "Sei proprio intelligente!"},
    "rating_8": {"en": "Your name isn't Albert Einstein, is it?",
                 "es": "Tu nombre no será Albert Einstein, ¿verdad?",
                 "it": "Non ti chiamerai mica Albert Einstein?"},
    "rating_7": {"en": "What a genius!", "es": "¡Qué genio!", "it": "Che genio!"},
    "rating_6": {"en": "Impressive!", "es": "¡Impresionante!", "it": "Impressionante!"},
    "rating_5": {"en": "Hats off!", "es": "¡Me quito el sombrero!", "it": "Tanto di cappello!"},
    "rating_4": {"en": "Great result!", "es": "¡Gran resultado!", "it": "Ottimo risultato!"},
    "rating_3": {"en": "That was really good.", "es": "Estuvo realmente bien.", "it": "È andata davvero bene."},
    "rating_2": {"en": "Not bad, but you can do better.", "es": "No está mal, pero puedes hacerlo mejor.",
                 "it": "Non male, ma puoi fare di meglio."},
    "rating_1": {"en": "Keep playing!", "es": "¡Sigue jugando!", "it": "Continua a giocare!"},
}

TERMS: dict[str, dict[str, str]] = {
    "en": {},
    "es": {"white": "blanco", "yellow": "amarillo", "blue": "azul", "green": "verde",
           "orange": "naranja", "purple": "lila", "reroll": "un relanzamiento",
           "extra": "un dado adicional", "fox": "un zorro", "yellow_x": "una cruz amarilla",
           "blue_x": "una cruz azul", "green_x": "una cruz verde", "orange_4": "un 4 naranja",
           "orange_5": "un 5 naranja", "orange_6": "un 6 naranja", "purple_6": "un 6 lila"},
    "it": {"white": "bianco", "yellow": "giallo", "blue": "blu", "green": "verde",
           "orange": "arancione", "purple": "viola", "reroll": "un rilancio",
           "extra": "un'azione +1", "fox": "una volpe", "yellow_x": "una croce gialla",
           "blue_x": "una croce blu", "green_x": "una croce verde", "orange_4": "un 4 arancione",
           "orange_5": "un 5 arancione", "orange_6": "un 6 arancione", "purple_6": "un 6 viola"},
}
TERMS["en"] = {"reroll": "a reroll", "extra": "a +1 action", "fox": "a fox",
               "yellow_x": "a yellow cross", "blue_x": "a blue cross", "green_x": "a green cross",
               "orange_4": "an orange 4", "orange_5": "an orange 5", "orange_6": "an orange 6",
               "purple_6": "a purple 6"}

#: C11.4 / R10: (lowest total, message code), best first
RATINGS: tuple[tuple[int, str], ...] = (
    (281, "clever.rating_9"), (260, "clever.rating_8"), (240, "clever.rating_7"),
    (220, "clever.rating_6"), (200, "clever.rating_5"), (180, "clever.rating_4"),
    (160, "clever.rating_3"), (140, "clever.rating_2"), (-10**9, "clever.rating_1"),
)


def rating_code(total: int) -> str:
    """The solo rating of a total (C11.4, R10)."""
    return next(code for low, code in RATINGS if total >= low)


register_messages("clever", MESSAGES, TERMS)
