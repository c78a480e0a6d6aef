/* Port tables (fecforge/ports.h): counting, packing a model's struct into a stream line and back, checks. */
#include "fecforge/ports.h"

#include "fecforge/error.h"
#include "fecforge/vectors.h"

#include <string.h>

int fg_ports_count(const fg_port *ports, int n, int dir)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        if (ports[i].role == FG_PORT_DATA && ports[i].dir == dir)
            c += ports[i].lanes;
    return c;
}

/* Element e of port p in the struct at st. */
static void *element(const fg_port *p, const void *st, int e)
{
    static const size_t size[] = {0, sizeof(int), sizeof(int32_t), sizeof(uint8_t)};
    const int row = p->row > 0 ? p->row : p->lanes;
    return (char *)st + p->offset + (size_t)(e / row) * p->row_stride + (size_t)(e % row) * size[p->ctype];
}

void fg_ports_pack(const fg_port *ports, int n, int dir, const void *st, int64_t *v)
{
    for (int i = 0; i < n; i++) {
        const fg_port *p = &ports[i];
        if (p->role != FG_PORT_DATA || p->dir != dir)
            continue;
        for (int e = 0; e < p->lanes; e++) {
            const void *at = element(p, st, e);
            *v++ = p->ctype == FG_PORT_INT ? *(const int *)at
                   : p->ctype == FG_PORT_I32 ? *(const int32_t *)at
                   : p->ctype == FG_PORT_U8 ? *(const uint8_t *)at : 0;
        }
    }
}

void fg_ports_unpack(const fg_port *ports, int n, int dir, const int64_t *v, void *st, size_t size)
{
    memset(st, 0, size);
    for (int i = 0; i < n; i++) {
        const fg_port *p = &ports[i];
        if (p->role != FG_PORT_DATA || p->dir != dir)
            continue;
        for (int e = 0; e < p->lanes; e++, v++) {
            void *at = element(p, st, e);
            if (p->ctype == FG_PORT_INT)
                *(int *)at = (int)*v;
            else if (p->ctype == FG_PORT_I32)
                *(int32_t *)at = (int32_t)*v;
            else if (p->ctype == FG_PORT_U8)
                *(uint8_t *)at = (uint8_t)*v;
        }
    }
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
        if (p->dir != FG_VEC_IN && p->dir != FG_VEC_OUT)
            return fg_set_error(FG_EINVAL, "port %s: direction %d is neither in nor out", p->name, (int)p->dir);
        if ((p->role == FG_PORT_DATA) != (p->ctype != FG_PORT_NONE))
            return fg_set_error(FG_EINVAL, "port %s: a data port binds a struct member, a clock or reset none", p->name);
        if ((p->ctype != FG_PORT_NONE && p->ctype != FG_PORT_INT && p->ctype != FG_PORT_I32 &&
             p->ctype != FG_PORT_U8) || p->row < 0)
            return fg_set_error(FG_EINVAL, "port %s: ctype=%d or row=%d invalid", p->name, (int)p->ctype, p->row);
    }
    return 0;
}
