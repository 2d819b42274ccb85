/* The wild-card (癞子 / 天地癞子) move generator in C: `_wild.leads` and `_wild.answers`.
 *
 * An optional build (setup.py): `_wild_fast.py` uses it when it imports, else the Python
 * generator (`_wild.py`), which stays the reference: the same readings, in the same order
 * (tests/games/doudizhu/test_wild_compiled.py compares the two). The steps follow _wild.py
 * function by function (its docstring has the rules); see there for why each is so.
 *
 * A reading is a compact key: k1 = the cards played as counts (3 bits a rank, 15 ranks),
 * type, length and rank; k2 = the kickers named as counts and a bomb's power. The key finds
 * the one Move object of that reading in an interning table owned here (`make_move` is
 * called only on a miss), forgotten whole when it outgrows its bound between calls (as
 * `_wild._INTERN_MAX`). Each entry also holds the reading's listing-order key (type,
 * length, rank, kickers, cards, power) as three integers, for the few sorts and the merge.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum {
    SINGLE, PAIR, TRIPLE, TRIPLE_SINGLE, TRIPLE_PAIR, STRAIGHT, PAIR_CHAIN, TRIPLE_CHAIN,
    PLANE_SINGLES, PLANE_PAIRS, FOUR_TWO_SINGLES, FOUR_TWO_PAIRS, BOMB, ROCKET, NTYPES
};

#define P(i) (1ULL << (3 * (i)))
#define CARDS_MASK ((1ULL << 45) - 1)
#define K1(type, length, rank) \
    (((uint64_t)(type) << 45) | ((uint64_t)(length) << 49) | ((uint64_t)(rank) << 53))
#define CHAIN_TOP 12
#define LONG_BOMB_MAX 8
#define MAX_WILD 8

/* ---- what setup() hands over ------------------------------------------------------- */

static PyObject *make_move_fn, *all_wild_fn, *types[NTYPES], *rank_objs[15];
/* `_wild.leads` and `_wild.answers`: what a call made while another is in here gets. The
 * tables below are shared, and a call may let another thread run in its middle (making a
 * Move can start the garbage collector, which can run Python code, which can hand the GIL
 * over), so a second caller never enters: it is served by the Python generator. */
static PyObject *py_leads_fn, *py_answers_fn;
static int busy;
static PyObject *singles_objs[15], *rocket_obj;
static Py_ssize_t intern_max = 200000;
static int ready;
/* Moves made here directly (as `make_move`: object.__new__ and the slots set), when the
 * slots are plain member slots and the hash below is Python's own (checked in setup). */
static PyTypeObject *move_type;
static Py_ssize_t off_type, off_rank, off_length, off_cards, off_kickers, off_power, off_hash;
static int direct;
static Py_uhash_t type_hash[NTYPES], rank_hash[15];
static PyObject *s_ranks, *s_long_bombs, *s_type, *s_rank, *s_length, *s_cards, *s_kickers,
    *s_power;

/* ---- the interning table ----------------------------------------------------------- */

typedef struct {
    uint64_t k1, k2;      /* identity */
    uint64_t o1, o2, o3;  /* listing order */
    PyObject *move;
} Entry;

static Entry *entries;
static uint32_t n_entries, cap_entries;
/* The hash table's slots hold the key and move too: a hit reads one slot only. */
typedef struct {
    uint64_t k1, k2;
    PyObject *move;
    uint64_t idx;  /* entry index + 1; 0 empty */
} Slot;

static Slot *slots;
static uint64_t slot_mask;
static PyObject *all_wild_memo;  /* dict: packed wild cards and ranks -> bytes of indices */

static inline uint64_t mix(uint64_t k1, uint64_t k2)
{
    uint64_t h = k1 * 0x9E3779B97F4A7C15ULL ^ (k2 + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return h ^ (h >> 29) ^ (h >> 47);
}

/* The lowest rank with a card in `counts` (not 0). */
static inline int low_rank(uint64_t counts)
{
    return __builtin_ctzll(counts) / 3;
}

/* The ascending cards (counts packed 3 bits a rank) as 4-bit digits rank+1, first card in
 * the highest digit of `nd` digits: a tuple's lexicographic order is the number's order. */
static void lex_digits(uint64_t counts, int nd, uint64_t *hi, uint64_t *lo)
{
    int pos = 0;
    *hi = *lo = 0;
    while (counts) {
        int i = low_rank(counts), k = (int)((counts >> (3 * i)) & 7);
        counts &= ~(7ULL << (3 * i));
        for (; k > 0 && pos < nd; k--, pos++) {
            if (pos < 16)
                *hi |= (uint64_t)(i + 1) << (60 - 4 * pos);
            else
                *lo |= (uint64_t)(i + 1) << (60 - 4 * (pos - 16));
        }
    }
}

/* The listing-order key, made when first compared (o1 is never 0 once made: length ≥ 1). */
static void order_keys(Entry *e)
{
    uint64_t kh, kl, ch, cl;
    int type = (int)((e->k1 >> 45) & 15), length = (int)((e->k1 >> 49) & 15);
    int rank = (int)((e->k1 >> 53) & 15);
    lex_digits(e->k2 & CARDS_MASK, 16, &kh, &kl);  /* at most 10 kickers */
    lex_digits(e->k1 & CARDS_MASK, 20, &ch, &cl);
    e->o1 = ((uint64_t)type << 60) | ((uint64_t)length << 56) | ((uint64_t)rank << 52)
            | (kh >> 12);
    e->o2 = ch;
    e->o3 = cl | (e->k2 >> 45);
}

static inline int order_cmp(uint32_t a, uint32_t b)
{
    Entry *x = &entries[a], *y = &entries[b];
    if (!x->o1) order_keys(x);
    if (!y->o1) order_keys(y);
    if (x->o1 != y->o1) return x->o1 < y->o1 ? -1 : 1;
    if (x->o2 != y->o2) return x->o2 < y->o2 ? -1 : 1;
    if (x->o3 != y->o3) return x->o3 < y->o3 ? -1 : 1;
    return 0;
}

static int grow_slots(void)
{
    uint64_t size = (slot_mask + 1) * 2;
    Slot *fresh = PyMem_Calloc(size, sizeof(Slot));
    if (!fresh) {
        PyErr_NoMemory();
        return -1;
    }
    for (uint32_t i = 0; i < n_entries; i++) {
        const Entry *e = &entries[i];
        uint64_t s = mix(e->k1, e->k2) & (size - 1);
        while (fresh[s].idx) s = (s + 1) & (size - 1);
        fresh[s] = (Slot){e->k1, e->k2, e->move, (uint64_t)i + 1};
    }
    PyMem_Free(slots);
    slots = fresh;
    slot_mask = size - 1;
    return 0;
}

/* hash((type, rank, length, cards)) as CPython's tuple hash (xxHash lanes, 3.8 on). */
#define XXPRIME_1 ((Py_uhash_t)11400714785074694791ULL)
#define XXPRIME_2 ((Py_uhash_t)14029467366897019727ULL)
#define XXPRIME_5 ((Py_uhash_t)2870177450012600261ULL)
#define XXROTATE(x) ((x << 31) | (x >> 33))

static inline Py_uhash_t lane(Py_uhash_t acc, Py_uhash_t h)
{
    acc += h * XXPRIME_2;
    acc = XXROTATE(acc);
    return acc * XXPRIME_1;
}

static inline Py_hash_t finish_hash(Py_uhash_t acc, Py_ssize_t len)
{
    acc += (Py_uhash_t)len ^ (XXPRIME_5 ^ 3527539UL);
    return acc == (Py_uhash_t)-1 ? 1546275796 : (Py_hash_t)acc;
}

static Py_hash_t move_hash(int type, int rank, int length, uint64_t cards)
{
    Py_uhash_t acc = XXPRIME_5;
    int n = 0;
    while (cards) {
        int i = low_rank(cards), k = (int)((cards >> (3 * i)) & 7);
        cards &= ~(7ULL << (3 * i));
        for (n += k; k > 0; k--) acc = lane(acc, rank_hash[i]);
    }
    Py_hash_t inner = finish_hash(acc, n);
    acc = XXPRIME_5;
    acc = lane(acc, type_hash[type]);
    acc = lane(acc, rank_hash[rank]);
    acc = lane(acc, (Py_uhash_t)length);
    acc = lane(acc, (Py_uhash_t)inner);
    return finish_hash(acc, 4);
}

static PyObject *rank_tuple(uint64_t counts)
{
    PyObject *items[24];
    int n = 0;
    while (counts) {
        int i = low_rank(counts), k = (int)((counts >> (3 * i)) & 7);
        counts &= ~(7ULL << (3 * i));
        for (; k > 0 && n < 24; k--) items[n++] = rank_objs[i];
    }
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int j = 0; j < n; j++) {
        Py_INCREF(items[j]);
        PyTuple_SET_ITEM(t, j, items[j]);
    }
    return t;
}

#define SLOT(obj, off) (*(PyObject **)((char *)(obj) + (off)))

/* A new Move of the key: the reading's type, rank, length, cards, kickers and power. */
static PyObject *make(uint64_t k1, uint64_t k2)
{
    int type = (int)((k1 >> 45) & 15), length = (int)((k1 >> 49) & 15);
    int rank = (int)((k1 >> 53) & 15), power = (int)(k2 >> 45);
    PyObject *cards = rank_tuple(k1 & CARDS_MASK), *kickers = rank_tuple(k2 & CARDS_MASK);
    PyObject *len_obj = PyLong_FromLong(length), *pow_obj = PyLong_FromLong(power);
    PyObject *move = NULL;
    if (!cards || !kickers || !len_obj || !pow_obj) goto done;
    if (!direct) {
        move = PyObject_CallFunctionObjArgs(make_move_fn, types[type], rank_objs[rank], len_obj,
                                            cards, kickers, pow_obj, NULL);
        goto done;
    }
    PyObject *hash_obj = PyLong_FromSsize_t(move_hash(type, rank, length, k1 & CARDS_MASK));
    if (!hash_obj || !(move = move_type->tp_alloc(move_type, 0))) {
        Py_XDECREF(hash_obj);
        goto done;
    }
    /* Atoms and tuples of atoms only: no cycle can go through a move or its tuples, so the
     * collector never walks them (a tuple of Ranks stays tracked otherwise: Rank members
     * are objects the collector follows, and a full collection visited every reading). */
    PyObject_GC_UnTrack(move);
    if (PyObject_GC_IsTracked(cards)) PyObject_GC_UnTrack(cards);
    if (PyObject_GC_IsTracked(kickers)) PyObject_GC_UnTrack(kickers);
    Py_INCREF(types[type]);
    SLOT(move, off_type) = types[type];
    Py_INCREF(rank_objs[rank]);
    SLOT(move, off_rank) = rank_objs[rank];
    SLOT(move, off_length) = len_obj;
    SLOT(move, off_cards) = cards;
    SLOT(move, off_kickers) = kickers;
    SLOT(move, off_power) = pow_obj;
    SLOT(move, off_hash) = hash_obj;
    return move;
done:
    Py_XDECREF(cards);
    Py_XDECREF(kickers);
    Py_XDECREF(len_obj);
    Py_XDECREF(pow_obj);
    return move;
}

/* Whether moves can be made directly: the slots' offsets from their descriptors, and the
 * hash above checked against Python's on a few moves made by make_move. */
static int setup_direct(PyObject *move_cls)
{
    const char *names[7] = {"type", "rank", "length", "cards", "kickers", "power", "_hash"};
    Py_ssize_t *offs[7] = {&off_type, &off_rank, &off_length, &off_cards, &off_kickers,
                           &off_power, &off_hash};
    direct = 0;
    if (!PyType_Check(move_cls)) return 0;
    move_type = (PyTypeObject *)move_cls;
    PyObject *dict = move_type->tp_dict;
    for (int i = 0; i < 7; i++) {
        PyObject *d = PyDict_GetItemString(dict, names[i]);
        if (!d || !Py_IS_TYPE(d, &PyMemberDescr_Type)) return 0;
        PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
        if (m->type != T_OBJECT_EX) return 0;
        *offs[i] = m->offset;
    }
    for (int i = 0; i < NTYPES; i++) {
        Py_hash_t h = PyObject_Hash(types[i]);
        if (h == -1) return -1;
        type_hash[i] = (Py_uhash_t)h;
    }
    for (int i = 0; i < 15; i++) {
        Py_hash_t h = PyObject_Hash(rank_objs[i]);
        if (h == -1) return -1;
        rank_hash[i] = (Py_uhash_t)h;
    }
    /* a few readings, made both ways */
    uint64_t keys[4][2] = {
        {K1(PLANE_SINGLES, 2, 5) | (3 * P(4) + 3 * P(5) + P(0) + P(13)), P(0) + P(13)},
        {K1(STRAIGHT, 12, 11) | 0111111111111ULL, 0},
        {K1(BOMB, 1, 12) | (2 * P(12) + 2 * P(3)), (uint64_t)1024 << 45},
        {K1(SINGLE, 1, 14) | P(14), 0},
    };
    for (int i = 0; i < 4; i++) {
        direct = 1;
        PyObject *a = make(keys[i][0], keys[i][1]);
        direct = 0;
        PyObject *b = a ? make(keys[i][0], keys[i][1]) : NULL;
        int same = 0;
        if (a && b) {
            same = 1;
            for (int j = 0; j < 7 && same; j++) {
                int eq = PyObject_RichCompareBool(SLOT(a, *offs[j]), SLOT(b, *offs[j]), Py_EQ);
                if (eq < 0) same = -1;
                else same = eq;
            }
            if (same >= 0 && Py_TYPE(a) != Py_TYPE(b)) same = 0;
        }
        Py_XDECREF(a);
        Py_XDECREF(b);
        if (!a || !b || same < 0) return -1;
        if (!same) return 0;
    }
    direct = 1;
    return 0;
}

/* Add (k1, k2) with `move` (a new reference is taken), or made by make_move when NULL. */
static const Slot *add(uint64_t k1, uint64_t k2, PyObject *move)
{
    if ((uint64_t)(n_entries + 1) * 2 > slot_mask + 1 && grow_slots() < 0) return NULL;
    if (n_entries == cap_entries) {
        uint32_t cap = cap_entries ? cap_entries * 2 : 4096;
        Entry *fresh = PyMem_Realloc(entries, (size_t)cap * sizeof(Entry));
        if (!fresh) {
            PyErr_NoMemory();
            return NULL;
        }
        entries = fresh;
        cap_entries = cap;
    }
    if (move) {
        Py_INCREF(move);
    } else {
        move = make(k1, k2);
        if (!move) return NULL;
    }
    Entry *e = &entries[n_entries];
    e->k1 = k1;
    e->k2 = k2;
    e->move = move;
    e->o1 = 0;
    uint64_t s = mix(k1, k2) & slot_mask;
    while (slots[s].idx) s = (s + 1) & slot_mask;
    slots[s] = (Slot){k1, k2, move, (uint64_t)n_entries + 1};
    n_entries++;
    return &slots[s];
}

/* The slot of (k1, k2), the reading added with `move` (or made) when missing; NULL (an
 * exception set) on failure. The slot is good until the next reading is added. */
static inline const Slot *intern_as(uint64_t k1, uint64_t k2, PyObject *move)
{
    uint64_t s = mix(k1, k2) & slot_mask;
    for (;;) {
        const Slot *x = &slots[s];
        if (!x->idx) return add(k1, k2, move);
        if (x->k1 == k1 && x->k2 == k2) return x;
        s = (s + 1) & slot_mask;
    }
}

static int seed(void)
{
    for (int i = 0; i < 15; i++)
        if (!intern_as(K1(SINGLE, 1, i) | P(i), 0, singles_objs[i])) return -1;
    return intern_as(K1(ROCKET, 1, 14) | P(13) | P(14), 0, rocket_obj) ? 0 : -1;
}

static int clear_all(void)
{
    uint32_t n = n_entries;
    n_entries = 0;
    memset(slots, 0, (slot_mask + 1) * sizeof(Slot));
    for (uint32_t i = 0; i < n; i++) Py_DECREF(entries[i].move);
    if (all_wild_memo) PyDict_Clear(all_wild_memo);
    return seed();
}

/* ---- one hand --------------------------------------------------------------------- */

typedef struct {
    int a[15];        /* natural cards (a wild rank's count is 0) */
    char is_wild[15];
    int wl[MAX_WILD]; /* the wild cards, by the wild ranks' order */
    int total;
    uint64_t wlpre[MAX_WILD + 1];  /* packed counts of wl[:j] */
    uint64_t natmask;              /* the 3-bit fields of the natural ranks */
    int long_bombs;
    PyObject *wild;
    uint32_t *v;    /* the readings listed (entry indices) */
    PyObject **mv;  /* and their moves (borrowed) */
    uint64_t *k1s, *k2s;  /* their keys: from `found` on, not yet looked up (`lookup`) */
    Py_ssize_t n, cap, found;
    int failed;
    uint32_t local[1024];
    PyObject *local_mv[1024];
    uint64_t local_k1[1024], local_k2[1024];
} G;

static int grow_out(G *g)
{
    Py_ssize_t cap = g->cap * 2;
    uint32_t *v;
    PyObject **mv;
    uint64_t *k1s, *k2s;
    if (g->v == g->local) {
        v = PyMem_Malloc((size_t)cap * sizeof(uint32_t));
        mv = PyMem_Malloc((size_t)cap * sizeof(PyObject *));
        k1s = PyMem_Malloc((size_t)cap * sizeof(uint64_t));
        k2s = PyMem_Malloc((size_t)cap * sizeof(uint64_t));
        if (v && mv && k1s && k2s) {
            memcpy(v, g->v, (size_t)g->n * sizeof(uint32_t));
            memcpy(mv, g->mv, (size_t)g->n * sizeof(PyObject *));
            memcpy(k1s, g->k1s, (size_t)g->n * sizeof(uint64_t));
            memcpy(k2s, g->k2s, (size_t)g->n * sizeof(uint64_t));
        } else {
            PyMem_Free(v);
            PyMem_Free(mv);
            PyMem_Free(k1s);
            PyMem_Free(k2s);
            v = NULL;
        }
    } else {
        v = PyMem_Realloc(g->v, (size_t)cap * sizeof(uint32_t));
        if (v) g->v = v;
        mv = PyMem_Realloc(g->mv, (size_t)cap * sizeof(PyObject *));
        if (mv) g->mv = mv;
        k1s = PyMem_Realloc(g->k1s, (size_t)cap * sizeof(uint64_t));
        if (k1s) g->k1s = k1s;
        k2s = PyMem_Realloc(g->k2s, (size_t)cap * sizeof(uint64_t));
        if (k2s) g->k2s = k2s;
    }
    if (!v || !mv || !k1s || !k2s) {
        PyErr_NoMemory();
        g->failed = 1;
        return -1;
    }
    g->v = v;
    g->mv = mv;
    g->k1s = k1s;
    g->k2s = k2s;
    g->cap = cap;
    return 0;
}

/* A reading listed: its key now, its entry and move when `lookup` runs. */
static inline void push(G *g, uint64_t k1, uint64_t k2)
{
    if (g->failed || (g->n == g->cap && grow_out(g) < 0)) return;
    g->k1s[g->n] = k1;
    g->k2s[g->n++] = k2;
}

/* The entries and moves of the readings listed since the last lookup (made when new).
 * Their slots are fetched ahead all at once: one at a time, each waited on memory (the
 * table is megabytes; a fresh hand's readings are spread over it). */
static void lookup(G *g)
{
    if (g->failed) return;
    for (Py_ssize_t i = g->found; i < g->n; i++)
        __builtin_prefetch(&slots[mix(g->k1s[i], g->k2s[i]) & slot_mask]);
    for (Py_ssize_t i = g->found; i < g->n; i++) {
        const Slot *x = intern_as(g->k1s[i], g->k2s[i], NULL);
        if (!x) {
            g->failed = 1;
            return;
        }
        g->v[i] = (uint32_t)(x->idx - 1);
        g->mv[i] = x->move;
    }
    g->found = g->n;
}

/* Readings lo…hi-1 in listing order (looked up first; nothing on a failed call). */
static void sort_range(G *g, Py_ssize_t lo, Py_ssize_t hi)
{
    lookup(g);
    if (g->failed) return;
    uint32_t *v = g->v;
    PyObject **mv = g->mv;
    for (Py_ssize_t i = lo + 1; i < hi; i++) {
        uint32_t x = v[i];
        PyObject *m = mv[i];
        Py_ssize_t j = i;
        while (j > lo && order_cmp(x, v[j - 1]) < 0) {
            v[j] = v[j - 1];
            mv[j] = mv[j - 1];
            j--;
        }
        v[j] = x;
        mv[j] = m;
    }
}

static int hand_init(G *g, PyObject *c, PyObject *wild)
{
    memset(g, 0, offsetof(G, local));
    g->v = g->local;
    g->mv = g->local_mv;
    g->k1s = g->local_k1;
    g->k2s = g->local_k2;
    g->cap = (Py_ssize_t)(sizeof(g->local) / sizeof(g->local[0]));
    g->wild = wild;
    PyObject *seq = PySequence_Fast(c, "the counts must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 15) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a hand has 15 rank counts");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int i = 0; i < 15; i++) {
        long k = PyLong_AsLong(items[i]);
        if (k == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (k < 0 || k > 4) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a rank count is 0 to 4");
            return -1;
        }
        g->a[i] = (int)k;
    }
    Py_DECREF(seq);
    PyObject *ranks = PyObject_GetAttr(wild, s_ranks);
    if (!ranks) return -1;
    PyObject *lb = PyObject_GetAttr(wild, s_long_bombs);
    if (!lb) {
        Py_DECREF(ranks);
        return -1;
    }
    g->long_bombs = PyObject_IsTrue(lb);
    Py_DECREF(lb);
    if (!PyTuple_Check(ranks) || PyTuple_GET_SIZE(ranks) > 2) {
        Py_DECREF(ranks);
        PyErr_SetString(PyExc_ValueError, "Wild.ranks: a tuple of one or two ranks");
        return -1;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(ranks); j++) {
        long w = PyLong_AsLong(PyTuple_GET_ITEM(ranks, j));
        if (w < 0 || w > 12 || g->is_wild[w]) {
            Py_DECREF(ranks);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a wild rank is 0 to 12");
            return -1;
        }
        g->is_wild[w] = 1;
        for (int k = 0; k < g->a[w]; k++) g->wl[g->total++] = (int)w;
        g->a[w] = 0;
    }
    Py_DECREF(ranks);
    for (int j = 0; j < g->total; j++) g->wlpre[j + 1] = g->wlpre[j] + P(g->wl[j]);
    for (int i = 0; i < 15; i++)
        if (!g->is_wild[i]) g->natmask |= 7ULL << (3 * i);
    return 0;
}

/* ---- main parts --------------------------------------------------------------------- */

typedef struct {
    uint64_t cards;
    int left[MAX_WILD], nleft, naturals;
} Main;

/* `width` cards of each rank s…s+n-1 (`_main` / `_take`): a wild rank's own cards for its
 * place first, then the lowest wild cards left; 0 when the wild cards are too few. */
static int take_main(const G *g, int s, int n, int width, Main *m)
{
    int left[MAX_WILD], nleft = g->total, free_ = 0, nat = 0;
    uint64_t cards = 0;
    memcpy(left, g->wl, sizeof(left));
    for (int i = s; i < s + n; i++) {
        if (g->is_wild[i]) {
            int own = 0, j = 0;
            for (int x = 0; x < nleft; x++) {
                if (left[x] == i && own < width)
                    own++;
                else
                    left[j++] = left[x];
            }
            nleft = j;
            cards += own * P(i);
            free_ += width - own;
        } else {
            int have = g->a[i] < width ? g->a[i] : width;
            cards += have * P(i);
            nat += have;
            free_ += width - have;
        }
    }
    if (free_ > nleft) return 0;
    for (int x = 0; x < free_; x++) cards += P(left[x]);
    m->nleft = nleft - free_;
    for (int x = 0; x < m->nleft; x++) m->left[x] = left[free_ + x];
    m->cards = cards;
    m->naturals = nat;
    return 1;
}

/* ---- kickers -------------------------------------------------------------------------- */

typedef struct {
    G *g;
    uint64_t k1, main;
    int naturals;
    int cnt[15];
} Kick;

/* Every multiset of `need` cards from cnt (ranks ≥ start), in the order of
 * `combinations` over the ascending pool (lexicographic), dropping both jokers together
 * and (a main part of wild cards only) kickers of wild cards only. */
static void kick_rec(Kick *k, int start, int need, uint64_t kick)
{
    if (!need) {
        if (((kick >> 39) & 1) && ((kick >> 42) & 1)) return;  /* the rocket */
        if (!k->naturals && !(kick & k->g->natmask)) return;
        push(k->g, k->k1 | (k->main + kick), kick);
        return;
    }
    for (int r = start; r < 15; r++) {
        if (k->cnt[r]) {
            k->cnt[r]--;
            kick_rec(k, r, need - 1, kick + P(r));
            k->cnt[r]++;
        }
    }
}

static void singles_kickers(G *g, uint64_t k1, const Main *m, const int *cnt, int n)
{
    Kick k;
    int size = 0;
    k.g = g;
    k.k1 = k1;
    k.main = m->cards;
    k.naturals = m->naturals;
    memcpy(k.cnt, cnt, sizeof(k.cnt));
    for (int i = 0; i < 15; i++) size += cnt[i];
    if (size < n) return;
    kick_rec(&k, 0, n, 0);
}

/* `_pair_kickers`: n pairs of ranks outside used_lo…used_hi. */
static void pair_kickers(G *g, uint64_t k1, const Main *m, int used_lo, int used_hi, int n)
{
    uint64_t opt_nat[13], lp[MAX_WILD + 1];
    int opt_w[13], no = 0, nleft = m->nleft;
    lp[0] = 0;
    for (int j = 0; j < nleft; j++) lp[j + 1] = lp[j] + P(m->left[j]);
    for (int i = 0; i < 13; i++) {
        if (i >= used_lo && i <= used_hi) continue;
        int k = g->a[i];
        if (k >= 2) {
            opt_nat[no] = 2 * P(i);
            opt_w[no++] = 0;
        } else if (k == 1 && nleft) {
            opt_nat[no] = P(i);
            opt_w[no++] = 1;
        }
    }
    uint64_t main = m->cards;
    if (n == 1) {
        if (nleft >= 2 && m->naturals) push(g, k1 | (main + lp[2]), 0);
        for (int o = 0; o < no; o++)
            push(g, k1 | (main + opt_nat[o] + lp[opt_w[o]]), opt_nat[o]);
        return;
    }
    Py_ssize_t start = g->n;
    int top_virtual = n < nleft / 2 ? n : nleft / 2;
    for (int virt = 0; virt <= top_virtual; virt++) {
        int r = n - virt, idx[8];
        if (r > no) continue;
        for (int j = 0; j < r; j++) idx[j] = j;
        for (;;) {
            uint64_t nat = 0;
            int need = 2 * virt;
            for (int j = 0; j < r; j++) {
                nat += opt_nat[idx[j]];
                need += opt_w[idx[j]];
            }
            if (need <= nleft && (m->naturals || r))
                push(g, k1 | (main + nat + lp[need]), nat);
            int j = r - 1;
            while (j >= 0 && idx[j] == no - r + j) j--;
            if (j < 0) break;
            idx[j]++;
            for (int x = j + 1; x < r; x++) idx[x] = idx[x - 1] + 1;
        }
    }
    sort_range(g, start, g->n);
}

/* ---- the move kinds ------------------------------------------------------------------- */

static void gen_singles(G *g, int above)
{
    for (int i = above + 1; i < 15; i++)
        if (g->a[i]) push(g, K1(SINGLE, 1, i) | P(i), 0);
}

static void gen_sets(G *g, int width, int type, int above)
{
    for (int r = above; r < 13; r++) {
        int k = g->a[r], need;
        if (!k) continue;
        if (k >= width) {
            k = width;
            need = 0;
        } else {
            need = width - k;
            if (need > g->total) continue;
        }
        push(g, K1(type, 1, r) | (k * P(r) + g->wlpre[need]), 0);
    }
}

static void gen_set_with(G *g, int width, int pair, int above)
{
    int type, n, cap;
    if (width == 3) {
        type = pair ? TRIPLE_PAIR : TRIPLE_SINGLE;
        n = 1;
        cap = pair ? 0 : 3;
    } else {
        type = pair ? FOUR_TWO_PAIRS : FOUR_TWO_SINGLES;
        n = 2;
        cap = pair ? 0 : 2;
    }
    for (int t = above + 1; t < 13; t++) {
        Main m;
        if (!take_main(g, t, 1, width, &m)) continue;
        uint64_t k1 = K1(type, 1, t);
        if (pair) {
            pair_kickers(g, k1, &m, t, t, n);
        } else {
            int cnt[15];
            for (int i = 0; i < 15; i++) cnt[i] = i == t ? 0 : (g->a[i] < cap ? g->a[i] : cap);
            for (int j = 0; j < m.nleft; j++) cnt[m.left[j]]++;
            singles_kickers(g, k1, &m, cnt, n);
        }
    }
}

/* The wild cards each span lacks (`_Hand.clip`): cost prefix sums and first natural. */
static void clip(const G *g, int width, int *cost, int *first)
{
    cost[0] = 0;
    for (int i = 0; i < CHAIN_TOP; i++) {
        int k = g->a[i] < width ? g->a[i] : width;
        cost[i + 1] = cost[i] + (g->is_wild[i] ? width : width - k);
    }
    first[CHAIN_TOP] = CHAIN_TOP;
    for (int i = CHAIN_TOP - 1; i >= 0; i--)
        first[i] = (!g->is_wild[i] && g->a[i] > 0) ? i : first[i + 1];
}

static const int CHAIN_KIND[4] = {0, STRAIGHT, PAIR_CHAIN, TRIPLE_CHAIN};

static void gen_chains(G *g, int width, int lo, int hi, int above, int only)
{
    int cost[CHAIN_TOP + 1], first[CHAIN_TOP + 1];
    if (only) lo = hi = only;
    clip(g, width, cost, first);
    for (int n = lo; n <= hi; n++) {
        for (int s = 0; s + n <= CHAIN_TOP; s++) {
            int e = s + n - 1;
            if (e <= above || first[s] > e || cost[s + n] - cost[s] > g->total) continue;
            Main m;
            if (take_main(g, s, n, width, &m)) push(g, K1(CHAIN_KIND[width], n, e) | m.cards, 0);
        }
    }
}

static void gen_planes(G *g, int pair, int above, int only)
{
    int top_n = pair ? 4 : 5, lo = 2, hi = top_n;
    int type = pair ? PLANE_PAIRS : PLANE_SINGLES;
    int cost[CHAIN_TOP + 1], first[CHAIN_TOP + 1];
    if (only > top_n) return;
    if (only) lo = hi = only;
    clip(g, 3, cost, first);
    for (int n = lo; n <= hi; n++) {
        for (int s = 0; s + n <= CHAIN_TOP; s++) {
            int e = s + n - 1;
            if (e <= above || cost[s + n] - cost[s] > g->total) continue;
            Main m;
            if (!take_main(g, s, n, 3, &m)) continue;
            uint64_t k1 = K1(type, n, e);
            if (pair) {
                pair_kickers(g, k1, &m, s, e, n);
                continue;
            }
            int cnt[15];
            for (int i = 0; i < 15; i++)
                cnt[i] = (i >= s && i <= e) ? 0 : (g->a[i] < 3 ? g->a[i] : 3);
            for (int j = 0; j < m.nleft; j++) cnt[m.left[j]]++;
            /* at most two of a rank next to the chain (a third would extend it), but a 2 */
            if (s - 1 >= 0 && g->a[s - 1] >= 3) cnt[s - 1]--;
            if (e + 1 < 12 && g->a[e + 1] >= 3) cnt[e + 1]--;
            singles_kickers(g, k1, &m, cnt, n);
        }
    }
}

static inline int bomb_power(int size, int rank, int pure, int hard)
{
    return size * 100 + (pure ? 50 : 0) + 2 * rank + (hard ? 1 : 0);
}

static void gen_bombs(G *g)
{
    int total = g->total;
    for (int r = 0; r < 13; r++) {
        int k = g->a[r];
        if (!k || (k < 4 && k + total < 4)) continue;
        Py_ssize_t start = g->n;
        uint64_t k1 = K1(BOMB, 1, r);
        if (k == 4) push(g, k1 | (4 * P(r)), (uint64_t)bomb_power(4, r, 0, 1) << 45);
        int top = g->long_bombs ? LONG_BOMB_MAX : 4;
        for (int n = 4; n <= top; n++) {
            int nat = n == 4 ? (k < 3 ? k : 3) : k;
            if (n - nat > total) break;
            push(g, k1 | (nat * P(r) + g->wlpre[n - nat]),
                 (uint64_t)bomb_power(n, r, 0, 0) << 45);
        }
        sort_range(g, start, g->n);
    }
    if (g->a[13] && g->a[14]) push(g, K1(ROCKET, 1, 14) | P(13) | P(14), 0);
}

/* ---- plays of wild cards alone (from the Python `_all_wild`, memoised here) ---------- */

static int64_t long_attr(PyObject *obj, PyObject *name, long *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    *out = PyLong_AsLong(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int counts_attr(PyObject *obj, PyObject *name, uint64_t *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    *out = 0;
    if (!PyTuple_Check(v)) {
        Py_DECREF(v);
        PyErr_SetString(PyExc_TypeError, "a move's cards are a tuple");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(v); i++) {
        long r = PyLong_AsLong(PyTuple_GET_ITEM(v, i));
        if (r < 3 || r > 17) {
            Py_DECREF(v);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a rank is 3 to 17");
            return -1;
        }
        *out += P(r - 3);
    }
    Py_DECREF(v);
    return 0;
}

static int type_of(PyObject *move)
{
    PyObject *t = PyObject_GetAttr(move, s_type);
    if (!t) return -1;
    int found = -1;
    for (int i = 0; i < NTYPES; i++)
        if (types[i] == t) found = i;
    Py_DECREF(t);
    if (found < 0) PyErr_SetString(PyExc_TypeError, "not a MoveType");
    return found;
}

/* The identity key of a Move object (k1, k2), and its type, length, rank and power. */
static int key_of(PyObject *move, uint64_t *k1, uint64_t *k2)
{
    long rank, length, power;
    uint64_t cards, kick;
    int type = type_of(move);
    if (type < 0 || long_attr(move, s_rank, &rank) < 0 || long_attr(move, s_length, &length) < 0
        || long_attr(move, s_power, &power) < 0 || counts_attr(move, s_cards, &cards) < 0
        || counts_attr(move, s_kickers, &kick) < 0)
        return -1;
    *k1 = K1(type, length, rank - 3) | cards;
    *k2 = kick | ((uint64_t)power << 45);
    return 0;
}

/* The entries of the plays of wild cards alone; a new bytes of uint32 indices. */
static PyObject *all_wild(G *g, PyObject *c)
{
    uint64_t key = g->wlpre[g->total] | ((uint64_t)g->long_bombs << 63);
    for (int i = 0; i < 13; i++)
        if (g->is_wild[i]) key |= 1ULL << (45 + i);
    PyObject *kobj = PyLong_FromUnsignedLongLong(key);
    if (!kobj) return NULL;
    PyObject *got = PyDict_GetItemWithError(all_wild_memo, kobj);
    if (got) {
        Py_DECREF(kobj);
        Py_INCREF(got);
        return got;
    }
    if (PyErr_Occurred()) {
        Py_DECREF(kobj);
        return NULL;
    }
    PyObject *moves = PyObject_CallFunctionObjArgs(all_wild_fn, c, g->wild, NULL);
    PyObject *seq = moves ? PySequence_Fast(moves, "all_wild gives a list") : NULL;
    Py_XDECREF(moves);
    if (!seq) {
        Py_DECREF(kobj);
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, n * (Py_ssize_t)sizeof(uint32_t));
    if (!bytes) goto fail;
    uint32_t *idx = (uint32_t *)PyBytes_AS_STRING(bytes);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *m = PySequence_Fast_GET_ITEM(seq, i);
        uint64_t k1, k2;
        const Slot *x;
        if (key_of(m, &k1, &k2) < 0 || !(x = intern_as(k1, k2, m))) goto fail;
        idx[i] = (uint32_t)(x->idx - 1);
    }
    if (PyDict_SetItem(all_wild_memo, kobj, bytes) < 0) goto fail;
    Py_DECREF(seq);
    Py_DECREF(kobj);
    return bytes;
fail:
    Py_XDECREF(bytes);
    Py_DECREF(seq);
    Py_DECREF(kobj);
    return NULL;
}

/* ---- beating ---------------------------------------------------------------------------- */

typedef struct {
    int type, length, rank, power;
} Beat;

static inline int beats(uint32_t i, const Beat *b)
{
    const Entry *e = &entries[i];
    int type = (int)((e->k1 >> 45) & 15);
    if (type == ROCKET) return b->type != ROCKET;
    if (b->type == ROCKET) return 0;
    if (type == BOMB) return b->type != BOMB || (int)(e->k2 >> 45) > b->power;
    return type == b->type && (int)((e->k1 >> 49) & 15) == b->length
           && (int)((e->k1 >> 53) & 15) > b->rank;
}

/* ---- the entry points ------------------------------------------------------------------ */

static void gen_free(G *g)
{
    if (g->v != g->local) {
        PyMem_Free(g->v);
        PyMem_Free(g->mv);
        PyMem_Free(g->k1s);
        PyMem_Free(g->k2s);
    }
}

/* The listed readings with the plays of wild cards alone put in their places (as
 * `insort`: after an equal one), as a list of Move objects. */
static PyObject *finish(G *g, PyObject *c, const Beat *b)
{
    uint32_t exbuf[256], *ex = exbuf;
    Py_ssize_t nex = 0;
    PyObject *memo = NULL, *list = NULL;
    lookup(g);
    if (g->failed) goto done;
    if (g->total) {
        memo = all_wild(g, c);
        if (!memo) goto done;
        Py_ssize_t n = PyBytes_GET_SIZE(memo) / (Py_ssize_t)sizeof(uint32_t);
        const uint32_t *idx = (const uint32_t *)PyBytes_AS_STRING(memo);
        if (n > 256 && !(ex = PyMem_Malloc((size_t)n * sizeof(uint32_t)))) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t i = 0; i < n; i++)
            if (!b || beats(idx[i], b)) ex[nex++] = idx[i];
        for (Py_ssize_t i = 1; i < nex; i++) {  /* stable: insort keeps the first first */
            uint32_t x = ex[i];
            Py_ssize_t j = i;
            while (j > 0 && order_cmp(x, ex[j - 1]) < 0) {
                ex[j] = ex[j - 1];
                j--;
            }
            ex[j] = x;
        }
    }
    list = PyList_New(g->n + nex);
    if (!list) goto done;
    /* each extra after the last listed reading not above it (bisect_right), from where the
     * one before went in */
    Py_ssize_t i = 0, k = 0;
    for (Py_ssize_t j = 0; j <= nex; j++) {
        Py_ssize_t at = g->n;
        if (j < nex) {
            Py_ssize_t lo = i, hi = g->n;
            while (lo < hi) {
                Py_ssize_t mid = (lo + hi) / 2;
                if (order_cmp(ex[j], g->v[mid]) < 0)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            at = lo;
        }
        for (; i < at; i++, k++) {
            PyObject *m = g->mv[i];
            Py_INCREF(m);
            PyList_SET_ITEM(list, k, m);
        }
        if (j < nex) {
            PyObject *m = entries[ex[j]].move;
            Py_INCREF(m);
            PyList_SET_ITEM(list, k++, m);
        }
    }
done:
    if (ex != exbuf) PyMem_Free(ex);
    Py_XDECREF(memo);
    gen_free(g);
    return list;
}

static int begin(void)
{
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "_wildc.setup() was not called");
        return -1;
    }
    if ((Py_ssize_t)n_entries > intern_max) return clear_all();
    return 0;
}

static PyObject *leads_in(PyObject *args)
{
    PyObject *c, *wild;
    G g;
    if (!PyArg_ParseTuple(args, "OO", &c, &wild) || begin() < 0 || hand_init(&g, c, wild) < 0)
        return NULL;
    gen_singles(&g, -1);
    gen_sets(&g, 2, PAIR, 0);
    gen_sets(&g, 3, TRIPLE, 0);
    gen_set_with(&g, 3, 0, -1);
    gen_set_with(&g, 3, 1, -1);
    gen_chains(&g, 1, 5, 12, -1, 0);
    gen_chains(&g, 2, 3, 10, -1, 0);
    gen_chains(&g, 3, 2, 6, -1, 0);
    gen_planes(&g, 0, -1, 0);
    gen_planes(&g, 1, -1, 0);
    gen_set_with(&g, 4, 0, -1);
    gen_set_with(&g, 4, 1, -1);
    gen_bombs(&g);
    return finish(&g, c, NULL);
}

static PyObject *answers_in(PyObject *args)
{
    PyObject *c, *wild, *to_beat;
    G g;
    Beat b;
    long rank, length, power;
    if (!PyArg_ParseTuple(args, "OOO", &c, &wild, &to_beat) || begin() < 0)
        return NULL;
    if ((b.type = type_of(to_beat)) < 0 || long_attr(to_beat, s_rank, &rank) < 0
        || long_attr(to_beat, s_length, &length) < 0 || long_attr(to_beat, s_power, &power) < 0)
        return NULL;
    b.rank = (int)rank - 3;
    b.length = (int)length;
    b.power = (int)power;
    if (hand_init(&g, c, wild) < 0) return NULL;
    int r = b.rank, n = b.length;
    switch (b.type) {
    case SINGLE: gen_singles(&g, r); break;
    case PAIR: gen_sets(&g, 2, PAIR, r + 1); break;
    case TRIPLE: gen_sets(&g, 3, TRIPLE, r + 1); break;
    case TRIPLE_SINGLE: case TRIPLE_PAIR: gen_set_with(&g, 3, b.type == TRIPLE_PAIR, r); break;
    case STRAIGHT: gen_chains(&g, 1, 5, 12, r, n); break;
    case PAIR_CHAIN: gen_chains(&g, 2, 3, 10, r, n); break;
    case TRIPLE_CHAIN: gen_chains(&g, 3, 2, 6, r, n); break;
    case PLANE_SINGLES: case PLANE_PAIRS: gen_planes(&g, b.type == PLANE_PAIRS, r, n); break;
    case FOUR_TWO_SINGLES: case FOUR_TWO_PAIRS: gen_set_with(&g, 4, b.type == FOUR_TWO_PAIRS, r);
        break;
    default: break;
    }
    if (b.type != ROCKET) {
        Py_ssize_t start = g.n, kept = start;
        gen_bombs(&g);
        lookup(&g);
        if (!g.failed) {
            for (Py_ssize_t i = start; i < g.n; i++)
                if (beats(g.v[i], &b)) {
                    g.mv[kept] = g.mv[i];
                    g.v[kept++] = g.v[i];
                }
            g.n = g.found = kept;
        }
    }
    return finish(&g, c, &b);
}

/* One call in the generator at a time (see `busy`); a second is served by `fallback`. */
static PyObject *guarded(PyObject *(*body)(PyObject *), PyObject *fallback, PyObject *args)
{
    if (busy) {
        if (!fallback) {
            PyErr_SetString(PyExc_RuntimeError, "_wildc.setup() was not called");
            return NULL;
        }
        return PyObject_Call(fallback, args, NULL);
    }
    busy = 1;
    PyObject *got = body(args);
    busy = 0;
    return got;
}

static PyObject *py_leads(PyObject *self, PyObject *args)
{
    return guarded(leads_in, py_leads_fn, args);
}

static PyObject *py_answers(PyObject *self, PyObject *args)
{
    return guarded(answers_in, py_answers_fn, args);
}

static PyObject *py_setup(PyObject *self, PyObject *args)
{
    PyObject *make_move, *all_wild_f, *move_cls, *type_seq, *rank_seq, *singles, *rocket;
    PyObject *slow_leads, *slow_answers;
    Py_ssize_t bound;
    if (!PyArg_ParseTuple(args, "OOOOOOOnOO", &make_move, &all_wild_f, &move_cls, &type_seq,
                          &rank_seq, &singles, &rocket, &bound, &slow_leads, &slow_answers))
        return NULL;
    if (busy) {
        PyErr_SetString(PyExc_RuntimeError, "_wildc.setup() during a call");
        return NULL;
    }
    Py_INCREF(slow_leads);
    Py_XSETREF(py_leads_fn, slow_leads);
    Py_INCREF(slow_answers);
    Py_XSETREF(py_answers_fn, slow_answers);
    if (!PyTuple_Check(type_seq) || PyTuple_GET_SIZE(type_seq) != NTYPES
        || !PyTuple_Check(rank_seq) || PyTuple_GET_SIZE(rank_seq) != 15
        || !PyTuple_Check(singles) || PyTuple_GET_SIZE(singles) != 15) {
        PyErr_SetString(PyExc_ValueError, "setup: 14 move types, 15 ranks, 15 singles");
        return NULL;
    }
    if (ready && clear_all() < 0) return NULL;
    Py_INCREF(make_move);
    Py_XSETREF(make_move_fn, make_move);
    Py_INCREF(all_wild_f);
    Py_XSETREF(all_wild_fn, all_wild_f);
    for (int i = 0; i < NTYPES; i++) {
        Py_INCREF(PyTuple_GET_ITEM(type_seq, i));
        Py_XSETREF(types[i], PyTuple_GET_ITEM(type_seq, i));
    }
    for (int i = 0; i < 15; i++) {
        Py_INCREF(PyTuple_GET_ITEM(rank_seq, i));
        Py_XSETREF(rank_objs[i], PyTuple_GET_ITEM(rank_seq, i));
        Py_INCREF(PyTuple_GET_ITEM(singles, i));
        Py_XSETREF(singles_objs[i], PyTuple_GET_ITEM(singles, i));
    }
    Py_INCREF(rocket);
    Py_XSETREF(rocket_obj, rocket);
    intern_max = bound;
    if (setup_direct(move_cls) < 0) return NULL;
    if (!all_wild_memo && !(all_wild_memo = PyDict_New())) return NULL;
    if (!slots) {
        slot_mask = (1u << 16) - 1;
        if (!(slots = PyMem_Calloc(slot_mask + 1, sizeof(Slot)))) return PyErr_NoMemory();
    }
    ready = 1;
    if (clear_all() < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_clear(PyObject *self, PyObject *noargs)
{
    if (busy) {
        PyErr_SetString(PyExc_RuntimeError, "_wildc.clear() during a call");
        return NULL;
    }
    if (ready && clear_all() < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_size(PyObject *self, PyObject *noargs)
{
    return PyLong_FromUnsignedLong(n_entries);
}

static PyObject *py_direct(PyObject *self, PyObject *noargs)
{
    return PyBool_FromLong(direct);
}

static PyMethodDef methods[] = {
    {"setup", py_setup, METH_VARARGS,
     "setup(make_move, all_wild, Move, types, ranks, singles, rocket, intern_max, leads, "
     "answers): the Python pieces the generator uses (move types in listing order, Rank by "
     "index, the classic singles and rocket objects), the bound of its interned readings, and "
     "the Python generator that serves a call made while another is in here (a thread)."},
    {"leads", py_leads, METH_VARARGS,
     "leads(counts, wild): every reading the hand can lead, as `_wild.leads`."},
    {"answers", py_answers, METH_VARARGS,
     "answers(counts, wild, to_beat): every reading that beats `to_beat`, as "
     "`_wild.answers`."},
    {"clear", py_clear, METH_NOARGS, "Forget every interned reading."},
    {"size", py_size, METH_NOARGS, "How many readings are interned."},
    {"direct", py_direct, METH_NOARGS,
     "Whether moves are made here (True) or by calling make_move (False)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_wildc", "The wild-card move generator in C (see _wild.py).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__wildc(void)
{
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return NULL
    INTERN(s_ranks, "ranks");
    INTERN(s_long_bombs, "long_bombs");
    INTERN(s_type, "type");
    INTERN(s_rank, "rank");
    INTERN(s_length, "length");
    INTERN(s_cards, "cards");
    INTERN(s_kickers, "kickers");
    INTERN(s_power, "power");
#undef INTERN
    return PyModule_Create(&module);
}
