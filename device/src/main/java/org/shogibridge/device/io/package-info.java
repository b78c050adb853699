/**
 * Reading the files a command is given: bounded in size, strict UTF-8, errors that name file and line.
 */
package org.shogibridge.device.io;
