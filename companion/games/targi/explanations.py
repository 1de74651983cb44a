"""Why Targi refuses: each of Targi's verdict codes (:mod:`companion.games.targi.refusals`)
explained, with the rulebook section behind it.

The rulebook is held in three editions (``/work/shared/rules/targi.{en,es,pl}.txt`` in the
project's shared files): section titles and quotes are given as each edition prints them (one
sentence at most; `` … `` leaves words out); German tables read the English edition. The titles and
explanations are the project's own words. Shared codes (``unknown_card``, ``nothing_to_skip``) are
explained in :mod:`companion.explanations`.
"""

# ruff: noqa: RUF001  (the quotes keep the rulebooks' typographic apostrophes)
from __future__ import annotations

from companion.explanations import Book, ExplanationTable, Section
from companion.i18n import N_

BOOK = Book(
    {
        "en": N_("Targi rulebook, English edition"),
        "es": N_("Targi rulebook, Spanish edition"),
        "pl": N_("Targi rulebook, Polish edition"),
    }
)

PREPARATION = Section(
    BOOK, {"en": "Preparation", "es": "Preparación del juego", "pl": "Przygotowanie gry"}
)
OVERVIEW = Section(
    BOOK, {"en": "Overview", "es": "Visión general del juego", "pl": "Skrócony opis przebiegu gry"}
)
ROUND = Section(
    BOOK, {"en": "Gameplay", "es": "Desarrollo de una ronda de juego", "pl": "Przebieg rundy"}
)
ROBBER = Section(
    BOOK,
    {
        "en": "1. Move the Robber 1 space forward",
        "es": "1. Avanzar al asaltante una casilla",
        "pl": "1. Złodziej porusza się o 1 pole",
    },
)
PLACING = Section(
    BOOK,
    {
        "en": "2. Place in turn the Targi Figures",
        "es": "2. Colocar alternativamente las figuras tuareg",
        "pl": "2. Naprzemienne ustawianie pionków Tuaregów",
    },
)
MARKERS = Section(
    BOOK,
    {
        "en": "3. Place the Tribal Marker on the crossing points",
        "es": "3. Colocar los marcadores de tribu en las intersecciones",
        "pl": "3. Ustawienie znaczników plemion",
    },
)
ACTIONS = Section(
    BOOK,
    {"en": "4. Executing actions", "es": "4. Realizar las acciones", "pl": "4. Wykonanie akcji"},
)
TURN_UP = Section(
    BOOK,
    {
        "en": "5. Turn over new Goods and Tribal cards and change Start Player",
        "es": "5. Descubrir las cartas nuevas de tribu y mercancía y cambiar el jugador inicial",
        "pl": "5. Odkrycie nowych kart towarów i plemienia oraz zmiana gracza rozpoczynającego",
    },
)
TRIBE_CARDS = Section(
    BOOK, {"en": "The Tribal Cards", "es": "Las cartas de tribu", "pl": "Karty plemienia"}
)
RAID = Section(BOOK, {"en": "Raid", "es": "Asaltos", "pl": "Rabunek"})
LIMITS = Section(
    BOOK,
    {
        "en": "Goods and Gold stock limitations at the end of a round",
        "es": "Limitación de mercancías y monedas de oro al final de la ronda",
        "pl": "Ograniczenie towarów i złota na koniec rundy",
    },
)
END = Section(
    BOOK,
    {
        "en": "Game End and Scoring",
        "es": "Fin de la partida y puntuación",
        "pl": "Koniec gry i podliczanie punktów",
    },
)
EDGE_CARDS = Section(BOOK, {"en": "Meaning of the Edge Cards"})
"""Printed in the English edition only (the others explain the edge cards on the cards)."""
FAQ = Section(BOOK, {"en": "Game End and Scoring", "es": "Preguntas frecuentes"})
"""The Spanish edition's questions and answers (the English has no such section)."""

SECTIONS = (PREPARATION, OVERVIEW, ROUND, ROBBER, PLACING, MARKERS, ACTIONS, TURN_UP,
            TRIBE_CARDS, RAID, LIMITS, END, EDGE_CARDS, FAQ)  # fmt: skip
"""Every section this module refers to, in the rulebook's order."""

_OWN_FIGURES = {
    "en": "The cards on which your figures and tribal markers stand indicate to each player what "
    "his possible actions are.",
    "es": "Las casillas con figuras y marcadores de tribu del jugador muestran las acciones "
    "posibles de cada jugador.",
    "pl": "Karty, na których znajdują się pionki oraz znaczniki, wskazują akcje dostępne dla "
    "gracza.",
}
_TURN_UP = {
    "en": "At the end of the round, when both players have executed their Actions, all Goods and "
    "tribal cards in the middle area of the playing field are turned face up.",
    "es": "Al final de la ronda, cuando los dos jugadores hayan realizado sus acciones, se da la "
    "vuelta a las cartas ocultas de tribu y mercancía de la zona central.",
    "pl": "Na koniec rundy, kiedy obaj gracze zakończą wykonywanie swoich akcji, zakryte karty "
    "towarów i plemienia znajdujące się na polach środkowych są odkrywane.",
}
_CHOICE = {
    "en": "If all three Goods are depicted on the card with slashes in between them, then the "
    "player may choose to receive the Good of his choice.",
    "es": "Si las tres mercancías mostradas están separadas por barras, el jugador puede elegir "
    "una de las tres mercancías.",
    "pl": "Jeśli na karcie towaru są widoczne wszystkie trzy rodzaje towarów rozdzielone "
    "ukośnikami, gracz może wybrać jeden żeton towaru, który otrzyma.",
}
_DISPLAY = {
    "en": "As they play their accumulated Tribal cards, players should build them into a display "
    "consisting of three rows of four cards.",
    "es": "Las cartas de tribu adquiridas por los jugadores deben colocarse sobre la mesa en la "
    "zona de juego de cada jugador de izquierda a derecha en una matriz de tres filas de cuatro "
    "cartas cada una.",
    "pl": "Składa się on z trzech rzędów po cztery karty.",
}
_RAID_CHOICE = {
    "en": "Starting with the current Start Player, each player chooses if he wishes to give back "
    "Victory Points or Goods or, in the case of the last Raid space, 1 Gold.",
    "es": "Comenzando por el jugador inicial, los jugadores eligen si desean devolver puntos de "
    "victoria o mercancías a la reserva, y en la última casilla de asalto, deben entregar, como "
    "alternativa, 1 moneda de oro.",
    "pl": "Zaczynając od obecnego gracza rozpoczynającego, każdy gracz decyduje, czy chce oddać "
    "żetony towarów, czy punkty (a w przypadku ostatniego pola - 1 złotą monetę lub punkty).",
}
_MERCHANT = {
    "en": "Merchant You can change 3 similar goods into 1 gold or 2 similar goods into another "
    "good."
}
_SILVERSMITH = {
    "en": "Silversmith You can receive victory points: For 2 similar goods 1 victory points, for 4 "
    "similar goods 3 victory points."
}
_SLASH = {
    "en": "Here the player can choose to pay either the Goods or 1 Gold.",
    "es": "En estos casos, el jugador puede elegir entre pagar las mercancías o 1 moneda de oro",
    "pl": "W takim wypadku gracz może zdecydować, czy chce zapłacić za daną kartę przy pomocy "
    "wskazanych towarów, czy przy pomocy 1 złotej monety.",
}

EXPLANATIONS = ExplanationTable("targi")

EXPLANATIONS.add(
    "wrong_phase",
    N_("One step of the round at a time"),
    N_(
        "A Targi round runs in five steps: the robber moves, the Targi are placed, the tribe "
        "markers follow, the actions are taken, and new cards are turned up. Each action belongs "
        "to its own step only."
    ),
    ROUND,
)
EXPLANATIONS.add(
    "hand_this_round",
    N_("A hand card waits for a later round"),
    N_(
        "A tribe card taken into the hand may be played or discarded with the Noble only in a "
        "later round than the one it was taken in."
    ),
    ACTIONS,
    {
        "en": "A Tribal card can only be played from your hand when you place, in a later round, a "
        "Targi on the “Noble” space.",
        "es": "Una carta de tribu en la mano sólo puede ponerse sobre la mesa en una ronda "
        "posterior, colocando la figura tuareg sobre la casilla “Nobles”.",
        "pl": "Karta plemienia znajdująca się na ręce gracza może zostać wyłożona, tylko jeśli w "
        "jednej z późniejszych rund gracz ustawi swój pionek Tuarega na polu brzegowym "
        "„Szlachetni”.",
    },
)
EXPLANATIONS.add(
    "raid",
    N_("Nobody stands on a raid corner"),
    N_(
        "The four corner cards are raids. No Targi is ever placed on them, and the robber, once a "
        "raid is paid, moves straight on to the next card."
    ),
    PLACING,
    {
        "en": "No figures may be placed on the following spaces: … On the “Raid” corner space.",
        "es": "No se permite colocar una figura en las siguientes casillas: … Sobre una casilla "
        "de esquina “Asalto”.",
        "pl": "Pionków Tuaregów nie można ustawić na następujących polach: … na narożnym polu "
        "„Rabunek”,",
    },
)
EXPLANATIONS.add(
    "robber",
    N_("Not on the robber's card"),
    N_(
        "The robber blocks the card it stands on for the whole round: no Targi may be placed "
        "there. Opposite the robber is allowed."
    ),
    ROBBER,
    {
        "en": "No Targi figures may be placed on the same space as the Robber.",
        "es": "Ninguna figura tuareg puede colocarse sobre la casilla en la que se encuentra el "
        "asaltante.",
        "pl": "Na polu, na którym obecnie znajduje się pionek złodzieja, nie można ustawić "
        "żadnego pionka Tuarega.",
    },
)
EXPLANATIONS.add(
    "occupied",
    N_("One figure per card"),
    N_(
        "A border card holds one Targi, whoever it belongs to, and a centre card one tribe marker: "
        "a card already taken cannot be taken again this round."
    ),
    PLACING,
    {
        "en": "No figures may be placed on the following spaces: … On a space already occupied by "
        "either player’s Targi",
        "es": "No se permite colocar una figura en las siguientes casillas: … Sobre una casilla "
        "ya ocupada por otro tuareg.",
        "pl": "Pionków Tuaregów nie można ustawić na następujących polach: … na polu, na którym "
        "znajduje się inny pionek Tuarega (niezależnie od tego, do którego gracza należy),",
    },
)
EXPLANATIONS.add(
    "opposite",
    N_("Not opposite an opponent's Targi"),
    N_(
        "A Targi may not be placed on the border card directly across the board from an "
        "opponent's Targi: that line of cards is the opponent's."
    ),
    PLACING,
    {
        "en": "No figures may be placed on the following spaces: … On a space opposite an "
        "opponent’s Targi.",
        "es": "No se permite colocar una figura en las siguientes casillas: … Sobre una casilla en "
        "frente de una figura tuareg del jugador contrario.",
        "pl": "Pionków Tuaregów nie można ustawić na następujących polach: … na polu znajdującym "
        "się naprzeciw pola, na którym znajduje się pionek Tuarega przeciwnika.",
    },
)
EXPLANATIONS.add(
    "not_your_card",
    N_("Only the cards your Targi stand on"),
    N_(
        "A player uses the border cards their own Targi stand on, and no others; a Targi leaves "
        "its card once the card has been used."
    ),
    OVERVIEW,
    _OWN_FIGURES,
)
EXPLANATIONS.add(
    "no_marker",
    N_("Only the cards your tribe markers stand on"),
    N_(
        "A player uses the centre cards their own tribe markers stand on, where the lines from "
        "two of their Targi cross; a marker leaves its card once the card has been used."
    ),
    MARKERS,
    {
        "en": "Where two lines cross, the player then places his tribal marker",
        "es": "Cada jugador pone un marcador de tribu en cada intersección entre dos de estas "
        "líneas imaginarias.",
        "pl": "Na karcie, na której przecinają się dwie linie, gracz stawia swój znacznik "
        "plemienia.",
    },
)
EXPLANATIONS.add(
    "wrong_card",
    N_("That card does something else"),
    N_(
        "Every card gives its own action: the action entered must be the one the card at that "
        "place shows."
    ),
    OVERVIEW,
    _OWN_FIGURES,
)
EXPLANATIONS.add(
    "no_card",
    N_("No face-up card there"),
    N_(
        "A centre card that was used is replaced face down and is turned up only when the round "
        "ends: until then that place gives nothing."
    ),
    TURN_UP,
    _TURN_UP,
)
EXPLANATIONS.add(
    "already_revealed",
    N_("That card is already known"),
    N_(
        "The card at that place has been turned up and entered already; if the app shows the "
        "wrong card, correct it."
    ),
    TURN_UP,
    _TURN_UP,
)
EXPLANATIONS.add(
    "face_down",
    N_("Face down until the round ends"),
    N_(
        "Cards laid into the centre during a round stay face down until the round ends: nobody "
        "may use them before."
    ),
    TURN_UP,
    _TURN_UP,
)
EXPLANATIONS.add(
    "wrong_payment",
    N_("What a raid takes"),
    N_(
        "A raid takes what its corner card shows: each player chooses between the goods and the "
        "victory points shown (gold or victory points at the last raid). A player who cannot pay "
        "gives what they have, as the app rules it."
    ),
    RAID,
    _RAID_CHOICE,
)
EXPLANATIONS.add(
    "raid_paid",
    N_("A raid is paid once"),
    N_("Each player pays each raid once, starting with the start player; this one is settled."),
    RAID,
    {
        "en": "If the Robber is moved to the “Raid” space, the player must give up whichever item "
        "is indicated on the space.",
        "es": "Si el asaltante avanza a una casilla de “Asalto”, los jugadores deben devolver lo "
        "indicado en la misma.",
        "pl": "Jeśli pionek złodzieja zostanie ustawiony na polu „Rabunek”, gracze muszą zwrócić "
        "do puli elementy przedstawione na danym polu.",
    },
)
EXPLANATIONS.add(
    "within_limits",
    N_("Nothing to give back"),
    N_(
        "Only what is above 10 goods and 3 gold goes back to the supply at the end of a round; "
        "this player is within both limits."
    ),
    LIMITS,
    {
        "en": "If a player, after executing all his actions, has more than 10 Goods or 3 Gold, he "
        "must return the excess to the stock.",
        "es": "Si un jugador tiene, después de realizar sus acciones, más de 10 mercancías y/o más "
        "de 3 monedas de oro, debe devolver la cantidad sobrante a la reserva.",
        "pl": "Jeśli gracz, po wykonaniu wszystkich swoich akcji, posiada więcej niż 10 żetonów "
        "towarów lub więcej niż 3 złote monety, musi odłożyć do puli elementy przekraczające ten "
        "limit.",
    },
)
EXPLANATIONS.add(
    "wrong_return",
    N_("Give back exactly the excess"),
    N_(
        "At the end of a round a player keeps at most 10 goods and 3 gold and returns exactly the "
        "rest; which goods go back is theirs to choose."
    ),
    LIMITS,
    {
        "en": "He may decide which resources to return.",
        "es": "Cada jugador decide qué mercancías devolver.",
        "pl": "Gracz sam decyduje, które żetony towarów zwraca.",
    },
)
EXPLANATIONS.add(
    "cannot_afford",
    N_("Not enough to pay"),
    N_(
        "A tribe card costs the goods and gold printed on it, and the Merchant and the "
        "Silversmith take what each trade gives up: the player must hold it all now."
    ),
    TRIBE_CARDS,
    {
        "en": "The playing cost for the Tribal cards is indicated on the top right of the card.",
        "es": "Las cartas de tribu muestran en la esquina superior derecha el coste para ponerlas "
        "en la mesa.",
        "pl": "W prawym górnym rogu kart plemienia znajduje się jej koszt.",
    },
)
EXPLANATIONS.add(
    "choice_required",
    N_("Choose the good"),
    N_("A goods card showing all three goods with slashes gives one good of the player's choice."),
    ACTIONS,
    _CHOICE,
)
EXPLANATIONS.add(
    "no_choice",
    N_("This card gives what it shows"),
    N_("Only a goods card showing all three goods with slashes lets the player choose the good."),
    ACTIONS,
    _CHOICE,
)
EXPLANATIONS.add(
    "no_exchange",
    N_("The Merchant needs an exchange"),
    N_("Using the Merchant means making at least one exchange; a player may also leave it unused."),
    EDGE_CARDS,
    _MERCHANT,
)
EXPLANATIONS.add(
    "same_good",
    N_("The Merchant trades for another good"),
    N_(
        "The Merchant turns 3 of one good into 1 gold, or 2 of one good into 1 of a different "
        "good: never into the same good."
    ),
    EDGE_CARDS,
    _MERCHANT,
)
EXPLANATIONS.add(
    "good_required",
    N_("Name the good for the Silversmith"),
    N_("The Silversmith gives victory points for 2 or 4 of one good: say which good is given."),
    EDGE_CARDS,
    _SILVERSMITH,
)
EXPLANATIONS.add(
    "no_good_expected",
    N_("This trade takes gold"),
    N_("The Silversmith's gold trades give victory points for 1 or 2 gold, and take no goods."),
    EDGE_CARDS,
    {"en": "For 1 gold 2 victory points or for 2 gold 4 victory points."},
)
EXPLANATIONS.add(
    "no_gold_alternative",
    N_("No slash, no gold instead"),
    N_(
        "Only a tribe card whose printed cost shows a slash may be paid with 1 gold instead of its "
        "goods; this card has no slash, or no goods to replace."
    ),
    TRIBE_CARDS,
    _SLASH,
)
EXPLANATIONS.add(
    "empty_hand",
    N_("No card in hand"),
    N_(
        "The Noble plays the tribe card in the player's hand, or discards it; with no card in hand "
        "there is nothing to play."
    ),
    ACTIONS,
    {
        "en": "When using the “noble” space you may, instead of playing the card from your hand, "
        "discard it to the discard pile to make space for a “better” card.",
        "es": "El jugador puede también descartar sin coste la carta de tribu utilizando la "
        "casilla “Nobles”, para hacer sitio en su mano a una carta de tribu “mejor”.",
        "pl": "Zamiast wykładać przed sobą kartę plemienia ze swojej ręki, przy pomocy pola "
        "„Szlachetni” gracz może odłożyć ją na stos odrzuconych kart plemienia, aby zrobić sobie "
        "na ręce miejsce na „lepszą” kartę.",
    },
)
EXPLANATIONS.add(
    "hand_full",
    N_("One card in hand at most"),
    N_(
        "A player holds at most one tribe card in hand. Another tribe card taken must be "
        "displayed at once or discarded; it cannot replace the card in hand."
    ),
    ACTIONS,
    {
        "en": "However, only one Tribal card may be held in hand by each player.",
        "es": "Pero sólo puede tener una carta de tribu en su mano.",
        "pl": "Jednak gracz może mieć na ręce tylko jedną kartę plemienia.",
    },
)
EXPLANATIONS.add(
    "row_required",
    N_("Which row?"),
    N_("The display has three rows of four cards, filled in any order: say which row."),
    TRIBE_CARDS,
    _DISPLAY,
)
EXPLANATIONS.add(
    "row_full",
    N_("Four cards to a row"),
    N_("Each of the display's three rows holds four cards: a full row takes no more."),
    TRIBE_CARDS,
    _DISPLAY,
)
EXPLANATIONS.add(
    "no_such_card",
    N_("No card at that place"),
    N_("A display row is filled from left to right; the row named has no card at that place."),
    TRIBE_CARDS,
    {
        "en": "In each row cards are laid out from left to right.",
        "es": "Las cartas de tribu adquiridas por los jugadores deben colocarse sobre la mesa en "
        "la zona de juego de cada jugador de izquierda a derecha en una matriz de tres filas de "
        "cuatro cartas cada una.",
        "pl": "W każdym rzędzie karty są układane od lewej do prawej.",
    },
)
EXPLANATIONS.add(
    "same_card",
    N_("A swap takes two cards"),
    N_(
        "Displayed cards stay in place, except that one tribe card lets its owner swap two of them."
    ),
    TRIBE_CARDS,
    {
        "en": "(Exception: one of the Tribal cards allows two played cards to be swapped).",
        "es": "(Excepción: Una de las cartas de tribu permite cambiar de posición dos cartas, "
        "siempre que no se dejen espacios vacíos entre las cartas de cada fila).",
        "pl": "(Wyjątek: jedna z kart plemienia pozwala graczowi zamienić miejscami dwie karty).",
    },
)
EXPLANATIONS.add(
    "no_card_effect",
    N_("No card allows this"),
    N_(
        "Playing from the hand without the Noble, swapping displayed cards and escaping a raid are "
        "what particular tribe cards allow, as their text says. The app knows which cards do once "
        "the table has marked them."
    ),
    TRIBE_CARDS,
    {
        "en": "A detailed description is given on each card.",
        "es": "En las cartas se describe el efecto de cada una.",
        "pl": "Szczegółowy opis ich działania znajduje się na samych kartach.",
    },
)
EXPLANATIONS.add(
    "wrong_kind",
    N_("A card of the other sort"),
    N_(
        "A used goods card is replaced by a tribe card and a used tribe card by a goods card; the "
        "Caravan draws a goods card, the Tribal expansion a tribe card."
    ),
    ACTIONS,
    {
        "en": "This card is immediately replaced by a card of the other sort:",
        "es": "Luego reemplaza la carta utilizada por una nueva del otro tipo:",
        "pl": "Taka karta natychmiast zostaje zastąpiona kartą drugiego rodzaju:",
    },
)
EXPLANATIONS.add(
    "card_in_play",
    N_("That card is elsewhere"),
    N_(
        "Every card exists once: a card already in the centre, a display, a hand or a discard pile "
        "cannot also be drawn or laid somewhere else."
    ),
    ACTIONS,
)
EXPLANATIONS.add(
    "border_only",
    N_("Targi stand on the border"),
    N_("Targi are placed on the 16 border cards only; the centre cards are reached by markers."),
    OVERVIEW,
    {
        "en": "In each round each player places their 3 Targi figures on the edge cards.",
        "es": "En cada ronda los jugadores colocan sus 3 figuras tuareg sobre las casillas del "
        "borde de forma alterna.",
        "pl": "W każdej rundzie gracze na zmianę rozstawiają po 3 swoje pionki Tuaregów na polach "
        "brzegowych.",
    },
)
