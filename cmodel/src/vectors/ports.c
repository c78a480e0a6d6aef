/* Port tables (fecforge/ports.h): counting, packing a model's struct into a stream line and back, checks. */
#include "fecforge/ports.h"

#include "fecforge/error.h"
#include "fecforge/vectors.h"

#include <string.h>

/* Port p is a data port of side dir (fg_ports_count). */
static int on_side(const fg_port *p, int dir)
{
    return p->role == FG_PORT_DATA && (p->dir == FG_VEC_IN) == (dir == FG_VEC_IN);
}

int fg_ports_count(const fg_port *ports, int n, int dir)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        if (on_side(&ports[i], dir))
            c += ports[i].lanes;
    return c;
}

int fg_ports_module_order(const fg_port *ports, int n, fg_port *out)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (ports[i].dir != FG_VEC_STATE) { /* a register inside the module, recorded by the vector sets only */
            int at = m++;
            for (; at > 0 && out[at - 1].rtl_order > ports[i].rtl_order; at--)
                out[at] = out[at - 1];
            out[at] = ports[i];
        }
    return m;
}

int fg_ports_group_end(const fg_port *ports, int n, int i)
{
    int end = i + 1;
    while (ports[i].group && end < n && ports[end].group == ports[i].group)
        end++;
    return end;
}

/* Element e of port p in the struct at st. */
static void *element(const fg_port *p, const void *st, int e)
{
    static const size_t size[] = {0, sizeof(int), sizeof(int32_t), sizeof(uint8_t)};
    const int row = p->row > 0 ? p->row : p->lanes;
    return (char *)st + p->offset + (size_t)(e / row) * p->row_stride + (size_t)(e % row) * size[p->ctype];
}

/* The loop over the elements of side dir in stream order: port p (of ports) and lane e, group by group. */
#define FOR_ELEMENTS(ports, n, dir, p, e)                                                                             \
    for (int i_ = 0, end_; i_ < (n); i_ = end_)                                                                      \
        for (int e = ((end_ = fg_ports_group_end((ports), (n), i_)), 0); e < (ports)[i_].lanes; e++)                 \
            for (const fg_port *p = &(ports)[i_]; p < &(ports)[end_]; p++)                                           \
                if (on_side(p, (dir)))

void fg_ports_pack(const fg_port *ports, int n, int dir, const void *st, int64_t *v)
{
    FOR_ELEMENTS(ports, n, dir, p, e)
    {
        const void *at = element(p, st, e);
        *v++ = p->ctype == FG_PORT_INT ? *(const int *)at
               : p->ctype == FG_PORT_I32 ? *(const int32_t *)at
               : p->ctype == FG_PORT_U8 ? *(const uint8_t *)at : 0;
    }
}

void fg_ports_unpack(const fg_port *ports, int n, int dir, const int64_t *v, void *st, size_t size)
{
    memset(st, 0, size);
    FOR_ELEMENTS(ports, n, dir, p, e)
    {
        void *at = element(p, st, e);
        if (p->ctype == FG_PORT_INT)
            *(int *)at = (int)*v;
        else if (p->ctype == FG_PORT_I32)
            *(int32_t *)at = (int32_t)*v;
        else if (p->ctype == FG_PORT_U8)
            *(uint8_t *)at = (uint8_t)*v;
        v++;
    }
}

void fg_ports_each(const fg_port *ports, int n, int dir, void (*visit)(const fg_port *p, int lane, void *arg), void *arg)
{
    FOR_ELEMENTS(ports, n, dir, p, e)
    visit(p, e, arg);
}

int fg_ports_check(const fg_port *ports, int n)
{
    if (n < 1 || n > FG_PORTS_MAX)
        return fg_set_error(FG_EINVAL, "a port table of %d ports: out of range [1, %d]", n, FG_PORTS_MAX);
    for (int i = 0; i < n; i++) {
        const fg_port *p = &ports[i];
        if (!p->name || !p->name[0] || strlen(p->name) >= FG_VEC_NAME_MAX)
            return fg_set_error(FG_EINVAL, "port %d: no name, or a name of %d characters or more", i, FG_VEC_NAME_MAX);
        for (int j = 0; j < i; j++)
            if (!strcmp(ports[j].name, p->name))
                return fg_set_error(FG_EINVAL, "port %s: declared twice", p->name);
        if (p->lanes < 1 || p->width < 1 || p->width > FG_VEC_WIDTH_MAX)
            return fg_set_error(FG_EINVAL, "port %s: lanes=%d, width=%d out of range (lanes >= 1, width in [1, %d])",
                                p->name, p->lanes, p->width, FG_VEC_WIDTH_MAX);
        if (p->dir != FG_VEC_IN && p->dir != FG_VEC_OUT && p->dir != FG_VEC_STATE)
            return fg_set_error(FG_EINVAL, "port %s: direction %d is neither in, out nor state", p->name, (int)p->dir);
        if (p->dir == FG_VEC_STATE && p->role != FG_PORT_DATA)
            return fg_set_error(FG_EINVAL, "port %s: a state port is a data port", p->name);
        if (p->group && i > 0 && ports[i - 1].group == p->group && ports[i - 1].lanes != p->lanes)
            return fg_set_error(FG_EINVAL, "port %s: lanes=%d differs from its lane group's %d", p->name, p->lanes,
                                ports[i - 1].lanes);
        for (int j = 0; p->group && j + 1 < i; j++)
            if (ports[j].group == p->group && ports[i - 1].group != p->group)
                return fg_set_error(FG_EINVAL, "port %s: lane group %d is not consecutive in the table", p->name,
                                    p->group);
        if (p->role != FG_PORT_DATA && p->ctype != FG_PORT_NONE)
            return fg_set_error(FG_EINVAL, "port %s: a clock, reset or table port binds no struct member", p->name);
        for (int j = 0; j < i && p->role == FG_PORT_DATA; j++)
            if (ports[j].role == FG_PORT_DATA && (ports[j].ctype != FG_PORT_NONE) != (p->ctype != FG_PORT_NONE))
                return fg_set_error(FG_EINVAL, "port %s: the table binds every data port to a struct member or none",
                                    p->name);
        if ((p->ctype != FG_PORT_NONE && p->ctype != FG_PORT_INT && p->ctype != FG_PORT_I32 &&
             p->ctype != FG_PORT_U8) || p->row < 0)
            return fg_set_error(FG_EINVAL, "port %s: ctype=%d or row=%d invalid", p->name, (int)p->ctype, p->row);
    }
    return 0;
}
