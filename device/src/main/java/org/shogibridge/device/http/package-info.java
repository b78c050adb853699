/**
 * The web servers' HTTP: the transport ({@link org.shogibridge.device.http.HttpService}, non-blocking on Netty, with
 * its limits), the daemon's pages (the dashboard, the live game's record and the games archive) and the replies both
 * servers share.
 */
package org.shogibridge.device.http;
