/* The channel registry (fecforge/channel.h): the library's channels and what a program adds. */
#include "fecforge/channel.h"
#include "fecforge/error.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

static const fg_channel *const builtin[] = {&fg_channel_awgn, &fg_channel_bsc, &fg_channel_bsid};
enum { N_BUILTIN = sizeof builtin / sizeof *builtin };

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static const fg_channel *added[FG_CHANNEL_MAX];
static int n_added;

int fg_channel_count(void)
{
    pthread_mutex_lock(&reg_lock);
    const int n = N_BUILTIN + n_added;
    pthread_mutex_unlock(&reg_lock);
    return n;
}

const fg_channel *fg_channel_at(int i)
{
    if (i < 0)
        return NULL;
    if (i < N_BUILTIN)
        return builtin[i];
    pthread_mutex_lock(&reg_lock);
    const fg_channel *ch = i - N_BUILTIN < n_added ? added[i - N_BUILTIN] : NULL;
    pthread_mutex_unlock(&reg_lock);
    return ch;
}

const fg_channel *fg_channel_find(const char *name)
{
    for (int i = 0; name && i < fg_channel_count(); i++)
        if (!strcmp(fg_channel_at(i)->name, name))
            return fg_channel_at(i);
    return NULL;
}

int fg_channel_register(const fg_channel *ch)
{
    if (!ch || !ch->name || !ch->axis || !ch->point || !ch->transmit)
        return fg_set_error(FG_EINVAL, "fg_channel_register: a channel needs a name, an axis, point and transmit");
    if (fg_channel_find(ch->name) == ch)
        return 0; /* registered before */
    pthread_mutex_lock(&reg_lock);
    int rc = 0;
    for (int i = 0; i < N_BUILTIN && !rc; i++)
        if (!strcmp(builtin[i]->name, ch->name))
            rc = fg_set_error(FG_EINVAL, "channel %s is already registered", ch->name);
    for (int i = 0; i < n_added && !rc; i++)
        if (!strcmp(added[i]->name, ch->name))
            rc = fg_set_error(FG_EINVAL, "channel %s is already registered", ch->name);
    if (!rc && n_added == FG_CHANNEL_MAX)
        rc = fg_set_error(FG_EINVAL, "more than %d added channels", FG_CHANNEL_MAX);
    if (!rc)
        added[n_added++] = ch;
    pthread_mutex_unlock(&reg_lock);
    return rc;
}

int fg_channel_point_at(const fg_channel *ch, const void *cfg, double x, double rate, fg_channel_point *pt)
{
    memset(pt, 0, sizeof *pt);
    const int lo_open = (ch->axis_flags & FG_OPT_LO_OPEN) != 0, hi_open = (ch->axis_flags & FG_OPT_HI_OPEN) != 0;
    if (!isfinite(x) || (lo_open ? x <= ch->lo : x < ch->lo) || (hi_open ? x >= ch->hi : x > ch->hi))
        return fg_set_error(FG_EINVAL, "%s=%g out of range %c%g, %g%c", ch->axis, x, lo_open ? '(' : '[', ch->lo,
                            ch->hi, hi_open ? ')' : ']');
    if (!(rate > 0 && rate <= 1))
        return fg_set_error(FG_EINVAL, "rate=%g out of range (0, 1]", rate);
    pt->channel = ch;
    pt->x = x;
    pt->rate = rate;
    return ch->point(cfg, x, rate, pt);
}

double fg_channel_param(const fg_channel_point *pt, const char *key)
{
    for (int i = 0; pt && pt->channel && i < FG_CHANNEL_PARAMS_MAX && pt->channel->param_keys[i]; i++)
        if (!strcmp(pt->channel->param_keys[i], key))
            return pt->v[i];
    return NAN;
}
