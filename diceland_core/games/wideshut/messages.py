"""The message catalogue of Dice Wide Shut (namespace ``wideshut``): every
illegal action, hint reason and terminal text in English, Spanish and
Italian.  Texts show 1-based rows, columns and seats, never rule ids."""

from __future__ import annotations

from ...core.errors import register_messages

__all__ = ["MESSAGES", "TERMS"]

MESSAGES: dict[str, dict[str, str]] = {
    # -- illegal actions ------------------------------------------------------
    "game_over": {
        "en": "The game is over: nothing more can be done.",
        "es": "La partida ha terminado: ya no se puede hacer nada.",
        "it": "La partita è finita: non si può fare più nulla.",
    },
    "rolled_already": {
        "en": "The dice have been rolled already this round.",
        "es": "Los dados ya se han tirado en esta ronda.",
        "it": "I dadi sono già stati lanciati in questo round.",
    },
    "not_start_player": {
        "en": "Only the start player (player {seat}) rolls the dice.",
        "es": "Solo el jugador inicial (jugador {seat}) tira los dados.",
        "it": "Solo il primo giocatore (giocatore {seat}) lancia i dadi.",
    },
    "roll_first": {
        "en": "Nobody takes dice before the start player (player {seat}) rolls.",
        "es": "Nadie coge dados antes de que tire el jugador inicial (jugador {seat}).",
        "it": "Nessuno prende dadi prima che il primo giocatore (giocatore {seat}) lanci.",
    },
    "not_your_turn": {
        "en": "It is player {seat}'s turn.",
        "es": "Es el turno del jugador {seat}.",
        "it": "È il turno del giocatore {seat}.",
    },
    "not_an_action": {
        "en": "That is not an action of this game.",
        "es": "Eso no es una acción de este juego.",
        "it": "Questa non è un'azione di questo gioco.",
    },
    "dice_count": {
        "en": "Take one or two dice, not {n}.",
        "es": "Coge uno o dos dados, no {n}.",
        "it": "Prendi uno o due dadi, non {n}.",
    },
    "no_such_die": {
        "en": "There is no such die: this roll has {n} dice.",
        "es": "Ese dado no existe: esta tirada tiene {n} dados.",
        "it": "Quel dado non esiste: questo lancio ha {n} dadi.",
    },
    "die_taken": {
        "en": "The {die} {value} is not available: each die is taken once.",
        "es": "El dado {die} con {value} no está disponible: cada dado se coge una vez.",
        "it": "Il dado {die} con {value} non è disponibile: ogni dado si prende una volta.",
    },
    "bad_colour": {
        "en": "Name the colour red or blue.",
        "es": "Elige el color rojo o azul.",
        "it": "Scegli il colore rosso o blu.",
    },
    "wrong_colour": {
        "en": "The {die} {value} is neither {colour} nor purple.",
        "es": "El dado {die} con {value} no es {colour} ni morado.",
        "it": "Il dado {die} con {value} non è né {colour} né viola.",
    },
    "six_alone": {
        "en": "A die showing 6 is taken alone.",
        "es": "Un dado que muestra 6 se coge solo.",
        "it": "Un dado che mostra 6 si prende da solo.",
    },
    "lone_die": {
        "en": "Take two dice: the {other_die} {other_value} can go with your {value}.",
        "es": "Coge dos dados: el dado {other_die} con {other_value} puede acompañar a tu {value}.",
        "it": "Prendi due dadi: il dado {other_die} con {other_value} può accompagnare il tuo {value}.",
    },
    "marks_count": {
        "en": "Give one mark entry per die taken ({n} {n:p:die|dice}).",
        "es": "Indica una marca por cada dado cogido ({n} {n:p:dado|dados}).",
        "it": "Indica un segno per ogni dado preso ({n} {n:p:dado|dadi}).",
    },
    "bad_entry": {
        "en": "That is not something a {value} can do.",
        "es": "Eso no es algo que pueda hacer un {value}.",
        "it": "Questo non è qualcosa che un {value} possa fare.",
    },
    "six_must_mark": {
        "en": "A 6 must mark an empty 6-box while one is left.",
        "es": "Un 6 debe marcar una casilla de 6 vacía mientras quede alguna.",
        "it": "Un 6 deve segnare una casella del 6 vuota finché ne resta una.",
    },
    "six_on_number": {
        "en": "A 6 marks a 6-box, in either half.",
        "es": "Un 6 marca una casilla de 6, en cualquiera de las mitades.",
        "it": "Un 6 segna una casella del 6, in una qualsiasi delle metà.",
    },
    "six_box_marked": {
        "en": "The 6-box of row {row} in the {half} is marked already.",
        "es": "La casilla de 6 de la fila {row} en la {half} ya está marcada.",
        "it": "La casella del 6 della riga {row} nella {half} è già segnata.",
    },
    "low_on_six": {
        "en": "A {value} marks a box showing {value}, not a 6-box.",
        "es": "Un {value} marca una casilla con un {value}, no una casilla de 6.",
        "it": "Un {value} segna una casella con il {value}, non una casella del 6.",
    },
    "box_wrong_half": {
        "en": "Dice taken as {colour} mark the {half}.",
        "es": "Los dados cogidos como {colour} marcan la {half}.",
        "it": "I dadi presi come {colour} segnano la {half}.",
    },
    "box_wrong_number": {
        "en": "The box in row {row}, column {column} shows {shown}, not {value}.",
        "es": "La casilla de la fila {row}, columna {column} muestra {shown}, no {value}.",
        "it": "La casella della riga {row}, colonna {column} mostra {shown}, non {value}.",
    },
    "box_marked": {
        "en": "The box in row {row}, column {column} of the {half} is marked already.",
        "es": "La casilla de la fila {row}, columna {column} de la {half} ya está marcada.",
        "it": "La casella della riga {row}, colonna {column} della {half} è già segnata.",
    },
    "box_twice": {
        "en": "Two dice mark two different boxes (row {row}, column {column} is named twice).",
        "es": "Dos dados marcan dos casillas distintas (la fila {row}, columna {column} aparece dos veces).",
        "it": "Due dadi segnano due caselle diverse (riga {row}, colonna {column} indicata due volte).",
    },
    "must_mark": {
        "en": "The {value} must be marked: the box in row {row}, column {column} of the {half} is empty.",
        "es": "El {value} debe marcarse: la casilla de la fila {row}, columna {column} de la {half} está vacía.",
        "it": "Il {value} va segnato: la casella della riga {row}, colonna {column} della {half} è vuota.",
    },
    "skip_no_six": {
        "en": "The 6 of row {row} in the {half} is not marked, so it has no power.",
        "es": "El 6 de la fila {row} en la {half} no está marcado, así que no tiene poder.",
        "it": "Il 6 della riga {row} nella {half} non è segnato, quindi non ha potere.",
    },
    "skip_used": {
        "en": "The 6 of row {row} in the {half} has been used already.",
        "es": "El 6 de la fila {row} en la {half} ya se ha usado.",
        "it": "Il 6 della riga {row} nella {half} è già stato usato.",
    },
    "skip_no_box": {
        "en": "Row {row} of the {half} has no empty box showing {value} to protect.",
        "es": "La fila {row} de la {half} no tiene ninguna casilla vacía con un {value} que proteger.",
        "it": "La riga {row} della {half} non ha caselle vuote con il {value} da proteggere.",
    },
    "skip_twice": {
        "en": "Two dice cannot use the same 6 (row {row}).",
        "es": "Dos dados no pueden usar el mismo 6 (fila {row}).",
        "it": "Due dadi non possono usare lo stesso 6 (riga {row}).",
    },
    "undo_roll": {
        "en": "Nothing to undo since the last roll.",
        "es": "No hay nada que deshacer desde la última tirada.",
        "it": "Non c'è niente da annullare dall'ultimo lancio.",
    },
    # -- hint reasons -----------------------------------------------------------
    "hint_roll": {
        "en": "Roll the dice to start the round.",
        "es": "Tira los dados para empezar la ronda.",
        "it": "Lancia i dadi per iniziare il round.",
    },
    "hint_protect": {
        "en": "Use the 6 of row {row} in the {half}: marking the {value} would split that row.",
        "es": "Usa el 6 de la fila {row} en la {half}: marcar el {value} dividiría esa fila.",
        "it": "Usa il 6 della riga {row} nella {half}: segnare il {value} dividerebbe quella riga.",
    },
    "hint_six": {
        "en": "Mark the 6 of row {row} in the {half}: it will protect a row you are filling.",
        "es": "Marca el 6 de la fila {row} en la {half}: protegerá una fila que estás llenando.",
        "it": "Segna il 6 della riga {row} nella {half}: proteggerà una riga che stai riempiendo.",
    },
    "hint_column": {
        "en": "Mark the {half}: it opens an empty column, {gain:+} points now.",
        "es": "Marca la {half}: abre una columna vacía, {gain:+} puntos ahora.",
        "it": "Segna la {half}: apre una colonna vuota, {gain:+} punti subito.",
    },
    "hint_run": {
        "en": "Mark the {half}: it extends your runs, {gain:+} points now.",
        "es": "Marca la {half}: alarga tus series, {gain:+} puntos ahora.",
        "it": "Segna la {half}: allunga le tue serie, {gain:+} punti subito.",
    },
    "hint_safe": {
        "en": "Mark the {half}: the least harm to the rows you are building ({gain:+} points now).",
        "es": "Marca la {half}: el menor daño a las filas que estás construyendo ({gain:+} puntos ahora).",
        "it": "Segna la {half}: il danno minore alle righe che stai costruendo ({gain:+} punti subito).",
    },
    # -- terminal -----------------------------------------------------------------
    "term_welcome": {
        "en": "Dice Wide Shut, {n} players (seed {seed}). Type 'q' to quit, 'h' for a hint, 'u' to undo.",
        "es": "Dice Wide Shut, {n} jugadores (semilla {seed}). Escribe 'q' para salir, 'h' para una pista, 'u' para deshacer.",
        "it": "Dice Wide Shut, {n} giocatori (seme {seed}). Scrivi 'q' per uscire, 'h' per un suggerimento, 'u' per annullare.",
    },
    "term_rolls": {
        "en": "Round {round}: player {seat} rolls.",
        "es": "Ronda {round}: tira el jugador {seat}.",
        "it": "Round {round}: lancia il giocatore {seat}.",
    },
    "term_turn": {
        "en": "Player {seat}, your turn. Enter: colour dice marks, e.g. 'red 0 8 red:1:3 red:1:5' "
              "(marks: red:R:C, blue:R:C, red6:R, blue6:R, skip:R, - for nothing; rows and columns 1-5).",
        "es": "Jugador {seat}, tu turno. Escribe: color dados marcas, p. ej. 'red 0 8 red:1:3 red:1:5' "
              "(marcas: red:F:C, blue:F:C, red6:F, blue6:F, skip:F, - para nada; filas y columnas 1-5).",
        "it": "Giocatore {seat}, tocca a te. Scrivi: colore dadi segni, p. es. 'red 0 8 red:1:3 red:1:5' "
              "(segni: red:R:C, blue:R:C, red6:R, blue6:R, skip:R, - per niente; righe e colonne 1-5).",
    },
    "term_bot": {
        "en": "Player {seat} ({kind}) takes {dice} as {colour}.",
        "es": "El jugador {seat} ({kind}) coge {dice} como {colour}.",
        "it": "Il giocatore {seat} ({kind}) prende {dice} come {colour}.",
    },
    "term_bad_input": {
        "en": "I did not understand that: {detail}",
        "es": "No lo he entendido: {detail}",
        "it": "Non ho capito: {detail}",
    },
    "term_illegal": {
        "en": "Not allowed: {detail}",
        "es": "No está permitido: {detail}",
        "it": "Non è permesso: {detail}",
    },
    "term_hint": {
        "en": "Hint: {action}. {reason}",
        "es": "Pista: {action}. {reason}",
        "it": "Suggerimento: {action}. {reason}",
    },
    "term_end_triggered": {
        "en": "The end is triggered: this round is the last one.",
        "es": "Se ha activado el final: esta ronda es la última.",
        "it": "La fine è scattata: questo è l'ultimo round.",
    },
    "term_over": {
        "en": "Game over. Scores: {scores}. Winner(s): player {winners}.",
        "es": "Fin de la partida. Puntuaciones: {scores}. Gana: jugador {winners}.",
        "it": "Partita finita. Punteggi: {scores}. Vince: giocatore {winners}.",
    },
    "term_quit": {
        "en": "Game left unfinished.",
        "es": "Partida abandonada.",
        "it": "Partita abbandonata.",
    },
    "term_undone": {
        "en": "Undone.",
        "es": "Deshecho.",
        "it": "Annullato.",
    },
}

TERMS: dict[str, dict[str, str]] = {
    "en": {"red": "red", "blue": "blue", "purple": "purple",
           "red half": "red half", "blue half": "blue half"},
    "es": {"red": "rojo", "blue": "azul", "purple": "morado",
           "red half": "mitad roja", "blue half": "mitad azul"},
    "it": {"red": "rosso", "blue": "blu", "purple": "viola",
           "red half": "metà rossa", "blue half": "metà blu"},
}

register_messages("wideshut", MESSAGES, TERMS)
