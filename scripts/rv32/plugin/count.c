/*
 * qemu TCG plugin: counts executed guest instructions. At each "marker"
 * system call (number MARK_SYSCALL, see ../src/main.rs) it prints
 * "mark <a0> <instructions since the previous marker>", and at exit the
 * total. Output goes through qemu's log: run with `-d plugin [-D file]`.
 * Build: gcc -shared -fPIC -O2 -o libcount.so count.c
 */
#include <inttypes.h>
#include <stdio.h>
#if __has_include(<qemu-plugin.h>)
#include <qemu-plugin.h>
#else
#include "qemu_plugin_api.h"
#endif

#define MARK_SYSCALL 0x7a11

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* One vCPU in user mode: a plain counter, bumped once per executed block. */
static uint64_t executed, at_last_mark;

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                             &executed,
                                             qemu_plugin_tb_n_insns(tb));
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num,
                       uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
                       uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7)
{
    char line[80];
    (void)id, (void)vcpu, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5,
        (void)a6, (void)a7;
    if (num != MARK_SYSCALL)
        return;
    snprintf(line, sizeof line, "mark %" PRIu64 " %" PRIu64 "\n", a0,
             executed - at_last_mark);
    qemu_plugin_outs(line);
    at_last_mark = executed;
}

static void on_exit(qemu_plugin_id_t id, void *userdata)
{
    char line[64];
    (void)id, (void)userdata;
    snprintf(line, sizeof line, "total %" PRIu64 "\n", executed);
    qemu_plugin_outs(line);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info, int argc,
                                           char **argv)
{
    (void)info, (void)argc, (void)argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
    qemu_plugin_register_atexit_cb(id, on_exit, NULL);
    return 0;
}
