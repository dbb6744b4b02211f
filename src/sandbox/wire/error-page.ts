/**
 * ASP.NET's own error page (the "yellow screen"), as it renders an HttpException that happens
 * before any service code runs, such as a query string past `maxQueryStringLength`. The sandbox
 * shows the details a local caller sees; there is no stack trace, since there is no .NET code.
 */
import { escapeText } from '../../contract';
import type { WireResponse } from './response';

/** ASP.NET's default `<httpRuntime maxQueryStringLength>`, in characters after the `?`. */
export const MAX_QUERY_STRING_LENGTH = 2048;

export const QUERY_STRING_TOO_LONG = 'The length of the query string for this request exceeds the configured maxQueryStringLength value.';

const DESCRIPTION =
  'An unhandled exception occurred during the execution of the current web request. ' +
  'Please review the stack trace for more information about the error and where it originated in the code.';

export function aspNetErrorPage(status: number, exceptionType: string, message: string): WireResponse {
  const text = escapeText(message);
  const body = [
    '<!DOCTYPE html>',
    '<html>',
    '    <head>',
    `        <title>${text}</title>`,
    '        <meta name="viewport" content="width=device-width" />',
    '        <style>',
    '         body {font-family:"Verdana";font-weight:normal;font-size: .7em;color:black;}',
    '         H1 { font-family:"Verdana";font-weight:normal;font-size:18pt;color:red }',
    '         H2 { font-family:"Verdana";font-weight:normal;font-size:14pt;color:maroon }',
    '        </style>',
    '    </head>',
    '',
    '    <body bgcolor="white">',
    '',
    "            <span><H1>Server Error in '/' Application.<hr width=100% size=1 color=silver></H1>",
    '',
    `            <h2> <i>${text}</i> </h2></span>`,
    '',
    '            <font face="Arial, Helvetica, Geneva, SunSans-Regular, sans-serif ">',
    '',
    `            <b> Description: </b>${DESCRIPTION}`,
    '',
    '            <br><br>',
    '',
    `            <b> Exception Details: </b>${exceptionType}: ${text}<br><br>`,
    '',
    '            <hr width=100% size=1 color=silver>',
    '',
    '            <b>Version Information:</b>&nbsp;Microsoft .NET Framework Version:4.0.30319; ASP.NET Version:4.8.4465.0',
    '',
    '            </font>',
    '',
    '    </body>',
    '</html>',
    '',
  ].join('\r\n');
  return { status, contentType: 'text/html; charset=utf-8', body };
}

/** HTTP 400 for a query string past the limit, checked by ASP.NET before the request is routed. */
export function queryStringTooLong(): WireResponse {
  return aspNetErrorPage(400, 'System.Web.HttpException', QUERY_STRING_TOO_LONG);
}
