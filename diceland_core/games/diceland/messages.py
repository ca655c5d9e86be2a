"""Diceland's messages in English, Spanish and Italian: every illegal action
(RULES.md ids in the raising code) and the colour names.  Registered under
the namespace ``diceland``; :class:`~diceland_core.core.errors.Seat` and
:class:`~diceland_core.core.errors.Cell` parameters render as names and
1-based cells."""

from __future__ import annotations

from ...core.errors import register_messages

MESSAGES = {
    # D1
    "no_player": {"en": "there is no {player}", "es": "no existe el {player}",
                  "it": "non esiste il {player}"},
    "off_board": {"en": "the cell at {cell} is not on the board",
                  "es": "la casilla de {cell} no está en el tablero",
                  "it": "la casella in {cell} non è sul tabellone"},
    # D2 placement
    "adjacency": {"en": "the cell at {cell} cannot be reached from your crosses",
                  "es": "la casilla de {cell} no colinda con tus aspas",
                  "it": "la casella in {cell} non confina con le tue crocette"},
    "open_zone": {"en": "one open zone per colour: the {colour} zone at {cell} is open, finish it before opening another",
                  "es": "una zona abierta por color: la zona {colour} de {cell} está abierta; táchala por completo antes de abrir otra",
                  "it": "un gruppo aperto per colore: il gruppo {colour} in {cell} è aperto; completalo prima di iniziarne un altro"},
    "empty": {"en": "a placement crosses at least one cell (or pass)",
              "es": "hay que tachar al menos una casilla (o pasar)",
              "it": "bisogna segnare almeno una casella (oppure passare)"},
    "twice": {"en": "the cell at {cell} is listed twice", "es": "la casilla de {cell} aparece dos veces",
              "it": "la casella in {cell} compare due volte"},
    "crossed": {"en": "the cell at {cell} is already crossed", "es": "la casilla de {cell} ya está tachada",
                "it": "la casella in {cell} è già segnata"},
    "wrong_colour": {"en": "the cell at {cell} is {cell_colour}, but the dice are {colour}",
                     "es": "la casilla de {cell} es de color {cell_colour}, pero los dados son de color {colour}",
                     "it": "la casella in {cell} è {cell_colour}, ma i dadi sono {colour}"},
    "zones": {"en": "the cells lie in {zones} different {colour} zones; one placement uses one zone",
              "es": "las casillas están en {zones} zonas de color {colour} distintas; un tachado usa una sola zona",
              "it": "le caselle sono in {zones} gruppi {colour} diversi; una segnatura usa un solo gruppo"},
    "count": {"en": "wrong number of cells: {dice} {colour} {dice:p:die|dice} cross exactly {dice} {dice:p:cell|cells}, not {cells}",
              "es": "número de casillas incorrecto: {dice} × {colour} piden exactamente {dice} {dice:p:casilla|casillas}, no {cells}",
              "it": "numero di caselle sbagliato: {dice} × {colour} richiedono esattamente {dice} {dice:p:casella|caselle}, non {cells}"},
    "overshoot_free": {"en": "overshoot: {dice} {colour} {dice:p:die|dice}, but the zone has only {free} free {free:p:cell|cells}; cross nothing (pass)",
                       "es": "sobretirada: {dice} × {colour}, pero la zona solo tiene {free} {free:p:casilla libre|casillas libres}: no se tacha nada (pasa)",
                       "it": "dadi in eccesso: {dice} × {colour}, ma il gruppo ha solo {free} {free:p:casella libera|caselle libere}: non si segna nulla (passa)"},
    "overshoot_complete": {"en": "overshoot: every {colour} zone is complete; cross nothing (pass)",
                           "es": "sobretirada: todas las zonas de color {colour} están completas: no se tacha nada (pasa)",
                           "it": "dadi in eccesso: tutti i gruppi {colour} sono completi: non si segna nulla (passa)"},
    "reach": {"en": "no {colour} zone within reach has {dice} free {dice:p:cell|cells}; cross nothing (pass)",
              "es": "ninguna zona de color {colour} a tu alcance tiene {dice} {dice:p:casilla libre|casillas libres}: no se tacha nada (pasa)",
              "it": "nessun gruppo {colour} raggiungibile ha {dice} {dice:p:casella libera|caselle libere}: non si segna nulla (passa)"},
    "obstacle": {"en": "the cell at {cell} is an obstacle", "es": "la casilla de {cell} es un obstáculo",
                 "it": "la casella in {cell} è un ostacolo"},
    "start": {"en": "the cell at {cell} is the start cell", "es": "la casilla de {cell} es la casilla de salida",
              "it": "la casella in {cell} è la casella di partenza"},
    # D3 phase 1
    "chosen": {"en": "the colour is chosen already ({colour}); the colour cannot change later in the turn",
               "es": "el color ya está elegido ({colour}) y no puede cambiarse en este turno",
               "it": "il colore è già scelto ({colour}) e non può cambiare in questo turno"},
    "choose_over": {"en": "phase 1 is over: no colour to choose now",
                    "es": "la fase 1 ha terminado: ahora no se elige color",
                    "it": "la fase 1 è finita: ora non si sceglie il colore"},
    "no_die": {"en": "no die shows {colour}", "es": "ningún dado muestra {colour}",
               "it": "nessun dado mostra {colour}"},
    "choose_first": {"en": "choose a colour first", "es": "primero elige un color",
                     "it": "prima scegli un colore"},
    "all_dice_set_aside": {"en": "all six dice are set aside: phase 1 ends by itself",
                           "es": "los seis dados están apartados: la fase 1 termina sola",
                           "it": "tutti e sei i dadi sono messi da parte: la fase 1 finisce da sola"},
    "over_reroll": {"en": "phase 1 is over: no reroll now", "es": "la fase 1 ha terminado: ya no se puede volver a tirar",
                    "it": "la fase 1 è finita: non si può più rilanciare"},
    "over_stop": {"en": "phase 1 is over: nothing to stop", "es": "la fase 1 ha terminado: no hay nada que terminar",
                  "it": "la fase 1 è finita: non c'è niente da fermare"},
    # D4 phase 2
    "not_begun": {"en": "phase 2 has not begun: the active player is still rolling",
                  "es": "la fase 2 aún no ha empezado: el jugador activo sigue tirando",
                  "it": "la fase 2 non è ancora iniziata: il giocatore di turno sta ancora lanciando"},
    "must_place": {"en": "the active player must place: {dice} {colour} {dice:p:die|dice} can be placed",
                   "es": "el jugador activo debe tachar: sus {dice} × {colour} caben",
                   "it": "il giocatore di turno deve segnare: i suoi {dice} × {colour} ci stanno"},
    "active_colour": {"en": "the active player places their {chosen} dice, not {colour}",
                      "es": "el jugador activo tacha con sus dados de color {chosen}, no {colour}",
                      "it": "il giocatore di turno segna con i suoi dadi {chosen}, non {colour}"},
    "decided": {"en": "{player} has made their phase-2 choice already",
                "es": "{player} ya ha hecho su elección de la fase 2",
                "it": "{player} ha già fatto la sua scelta della fase 2"},
    "no_leftover": {"en": "no leftover {colour} dice (leftovers: {have})",
                    "es": "no hay dados sobrantes de color {colour} (sobrantes: {have})",
                    "it": "non ci sono dadi restanti {colour} (restanti: {have})"},
    # D5 bonus rolls
    "not_your_bonus": {"en": "it is the bonus roll of {roller}, not of {player}",
                       "es": "es la tirada comodín de {roller}, no de {player}",
                       "it": "è il lancio premio di {roller}, non di {player}"},
    "bonus_no_die": {"en": "no {colour} die in the bonus roll ({have})",
                     "es": "la tirada comodín no tiene ningún dado {colour} ({have})",
                     "it": "il lancio premio non ha nessun dado {colour} ({have})"},
    # D6
    "over": {"en": "the game is over", "es": "la partida ha terminado", "it": "la partita è finita"},
    "won_in_bonus": {"en": "the game is over: {player} reached the goal in a bonus roll and wins alone",
                     "es": "la partida ha terminado: {player} alcanzó la meta en una tirada comodín y gana en solitario",
                     "it": "la partita è finita: {player} ha raggiunto l'obiettivo in un lancio premio e vince da solo"},
}

TERMS = {
    "en": {"none": "none"},
    "es": {"red": "rojo", "yellow": "amarillo", "green": "verde", "blue": "azul",
           "orange": "naranja", "grey": "gris", "none": "ninguno"},
    "it": {"red": "rosso", "yellow": "giallo", "green": "verde", "blue": "blu",
           "orange": "arancione", "grey": "grigio", "none": "nessuno"},
}

register_messages("diceland", MESSAGES, TERMS)
