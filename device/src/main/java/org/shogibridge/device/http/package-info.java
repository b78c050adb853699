/**
 * The web server (the JDK's): the dashboard, the live game's record and the games archive.
 */
package org.shogibridge.device.http;
