/** Every operation of every service, by service and name: the type fails to compile if one is missing. */
import { setUserSettings } from './admin';
import { cancelDelivery } from './cancel';
import type { Handlers } from './context';
import { deleteUploadedFile, getUploadedFileDetails, uploadFile } from './files';
import { sendWordMailMerge } from './merge';
import { datedReports, getPDF, simpleReports } from './reports';
import {
  sendLetterAdvanced,
  sendLetterAndAddressDated,
  sendLetterAndAddressSimple,
  sendLetterAndAddressV2,
  sendLetterDated,
  sendLetterV2,
  sendPostcardDated,
  sendPostcardSimple,
} from './send';

export const handlers: Handlers = {
  simple: {
    SendLetterV2: sendLetterV2,
    SendLetterAndAddress: sendLetterAndAddressSimple,
    SendLetterAndAddressV2: sendLetterAndAddressV2,
    SendPostcardAndAddress: sendPostcardSimple,
    ...simpleReports,
    GetPDF: getPDF,
  },
  datedA: {
    SendLetter: sendLetterDated,
    SendLetterAndAddress: sendLetterAndAddressDated,
    SendPostcardAndAddress: sendPostcardDated,
    SendWordMailMerge_Compressed: sendWordMailMerge,
    ...datedReports,
    GetPDF: getPDF,
    CancelDelivery: cancelDelivery,
    UploadFile: uploadFile,
    DeleteUploadedFile: deleteUploadedFile,
    GetUploadedFileDetails: getUploadedFileDetails,
  },
  datedB: { SendLetterAdvanced: sendLetterAdvanced },
  admin: { SetUserSettings: setUserSettings },
};
